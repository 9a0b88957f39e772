/**
 * The create and edit deal forms (docs/decisions.md, "Deal form"). The vehicle and its terms follow the shared
 * vehicle-offer rules; a missing required field reads "Please fill in all required fields" (toast title
 * "Missing information", MISSING_INFORMATION_TITLE in validation.ts). The parsed output is what to store,
 * except for the role-dependent parts the handler settles with rules.ts: whether the caller may save the
 * status (canSaveStatus) and the concierge fee (conciergeFeeToSave).
 */
import { calculateLeaseRequestSchema } from '../lease/api';
import { programReferenceSchema } from '../programs/desk';
import * as z from 'zod';
import { DEFAULT_CREDIT_APP_FORM_TYPE, DEFAULT_DEAL_STATUS, DEFAULT_DEAL_TYPE, TEXT_LIMITS } from '../constants';
import { MARKETPLACE_INCENTIVES } from '../marketplace/enums';
import { MARKETPLACE_MESSAGES } from '../marketplace/schemas';
import {
  aprField,
  brokerFeeField,
  downPaymentField,
  expirationDateSchema,
  imageUrlField,
  makeField,
  mileageAllowanceField,
  modelField,
  moneyFactorField,
  monthlyPaymentField,
  offerYearField,
  termMonthsField,
  trimField,
  vehicleNotesField,
  vinField,
} from '../marketplace/vehicle-offer';
import {
  INVALID_INPUT,
  INVALID_NUMBER,
  blankToNull,
  freeText,
  integer,
  nameText,
  number,
  requiredText,
  text,
} from '../validation';
import {
  CREDIT_APP_FORM_TYPES,
  CREDIT_SCORE_RANGES,
  DEAL_CREATE_STATUSES,
  DEAL_INCENTIVES,
  DEAL_STATUSES,
  DEAL_TRADE_IN_CONDITIONS,
  DEAL_TYPES,
  LEAD_SOURCES,
  NOT_READY_TO_PURCHASE,
  NOT_SOLD_REASONS,
} from './enums';
import {
  CONCIERGE_FEE_RANGE_MESSAGE,
  FOLLOW_UP_DATE_REQUIRED_MESSAGE,
  INVALID_FEE_AMOUNT_MESSAGE,
  NOT_SOLD_REASON_REQUIRED_MESSAGE,
  isValidConciergeFee,
  notSoldFieldsToSave,
  statusForNewDeal,
} from './rules';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

export const DEAL_MESSAGES = {
  leadSourceTextTooLong: `Lead source details must be less than ${TEXT_LIMITS.name} characters`,
  tradeInMileage: 'Trade-in mileage must be a whole number of 0 or more',
  tradeInLienholderTooLong: 'Lienholder must be less than 200 characters',
  tradeInPayoffMin: 'Payoff balance cannot be negative',
  followUpDateInvalid: 'Follow-up date must be a valid date',
  leaseStartDateInvalid: 'Lease start must be a valid date',
  notSoldNotesTooLong: `Notes must be less than ${TEXT_LIMITS.clientNotes} characters`,
  expirationDateInvalid: 'Expiration date must be a valid date',
} as const;

/** Number >= 0 that is 0 (waived) or 100 to 1500 inclusive. */
export const conciergeFeeSchema = z
  .number({ error: INVALID_FEE_AMOUNT_MESSAGE })
  .min(0, INVALID_FEE_AMOUNT_MESSAGE)
  .refine(isValidConciergeFee, CONCIERGE_FEE_RANGE_MESSAGE);

/** Both lists feed the same column: a marketplace vehicle (a deal) is edited on the deal form too. */
const DEAL_INCENTIVE_VALUES = [...DEAL_INCENTIVES, ...MARKETPLACE_INCENTIVES] as const;
const uniqueList = <T>(list: T[]) => [...new Set(list)];

const REQUIRED = REQUIRED_FIELDS_MESSAGE;
const leadSourceText = blankToNull(text().max(TEXT_LIMITS.name, DEAL_MESSAGES.leadSourceTextTooLong));
const isoDate = (message: string) => blankToNull(z.iso.date(message));

/** Every field of the edit form but the client and dealership, in the order the form shows them. */
const dealTermsShape = {
  year: offerYearField(REQUIRED),
  make: makeField(REQUIRED),
  model: modelField(REQUIRED),
  trim: trimField,
  vin: vinField,
  imageUrl: imageUrlField,
  /** An edit may move the date into the past (the daily job then expires the deal), not beyond the window. */
  expirationDate: blankToNull(expirationDateSchema({ atCreation: false, invalidMessage: DEAL_MESSAGES.expirationDateInvalid })),
  dealType: z.enum(DEAL_TYPES, INVALID_INPUT).default(DEFAULT_DEAL_TYPE),
  monthlyPayment: monthlyPaymentField(REQUIRED),
  downPayment: downPaymentField(REQUIRED),
  /**
   * Total due at signing (>= 0; the desking panel's drive-off fills it). Optional: absent leaves it as saved (a
   * marketplace vehicle's, set on the vehicle form), blank clears it.
   */
  totalDueAtSigning: z
    .preprocess((value) => (value === '' ? null : value), number().min(0, MARKETPLACE_MESSAGES.totalDueMin).nullable())
    .optional(),
  termMonths: termMonthsField(REQUIRED),
  mileageAllowance: mileageAllowanceField(REQUIRED),
  apr: aprField(REQUIRED),
  moneyFactor: moneyFactorField,
  incentives: z.array(z.enum(DEAL_INCENTIVE_VALUES, INVALID_INPUT)).default([]).transform(uniqueList),
  heardAboutUs: blankToNull(z.enum(LEAD_SOURCES, INVALID_INPUT)),
  heardAboutUsReferral: leadSourceText,
  heardAboutUsAffinity: leadSourceText,
  creditScoreRange: blankToNull(z.enum(CREDIT_SCORE_RANGES, INVALID_INPUT)),
  hasTradeIn: z.boolean(INVALID_INPUT).default(false),
  tradeInYear: blankToNull(offerYearField(INVALID_NUMBER)),
  tradeInMake: blankToNull(makeField(INVALID_INPUT)),
  tradeInModel: blankToNull(modelField(INVALID_INPUT)),
  tradeInMileage: blankToNull(integer(undefined, DEAL_MESSAGES.tradeInMileage).min(0, DEAL_MESSAGES.tradeInMileage)),
  tradeInCondition: blankToNull(z.enum(DEAL_TRADE_IN_CONDITIONS, INVALID_INPUT)),
  tradeInHasLienholder: z.boolean(INVALID_INPUT).default(false),
  tradeInLienholder: blankToNull(nameText('Lienholder').max(200, DEAL_MESSAGES.tradeInLienholderTooLong)),
  tradeInPayoffBalance: blankToNull(number().min(0, DEAL_MESSAGES.tradeInPayoffMin)),
  brokerId: blankToNull(text()),
  brokerFeeDealer: brokerFeeField,
  brokerFeeClient: brokerFeeField,
  notes: vehicleNotesField,
  notSoldReason: blankToNull(z.enum(NOT_SOLD_REASONS, NOT_SOLD_REASON_REQUIRED_MESSAGE)),
  followUpDate: isoDate(DEAL_MESSAGES.followUpDateInvalid),
  notSoldNotes: freeText(TEXT_LIMITS.clientNotes, DEAL_MESSAGES.notSoldNotesTooLong),
  /**
   * A finalized or closed lease's start day (it dates the maturity reminders): absent keeps it as saved, blank (null)
   * gives the default (the day the deal closed). Ignored, and cleared, for any other deal (the deals store settles it).
   */
  leaseStartDate: isoDate(DEAL_MESSAGES.leaseStartDateInvalid).optional(),
  conciergeFee: blankToNull(conciergeFeeSchema).transform((fee) => fee ?? 0),
  /**
   * The desking panel's lease input (shared/lease, docs/data-model.md "desking"): absent leaves it as saved, null
   * clears it. Checked like POST /lease/calculate, so a refused input is a 400 naming "desking.<field>".
   */
  desking: calculateLeaseRequestSchema.nullish(),
  /**
   * The lender program row the desking was filled from, with the broker's markup, ticked incentives and overridden
   * fields (shared/programs/desk.ts; docs/decisions.md "Programs"): absent leaves it as saved, null clears it. The
   * server checks the row exists (400 otherwise).
   */
  program: programReferenceSchema.nullish(),
};

type DealTerms = z.output<z.ZodObject<typeof dealTermsShape>> & { status: (typeof DEAL_STATUSES)[number] };

/** Not-sold needs a reason, and "not ready" a follow-up date. */
function checkNotSold(deal: DealTerms, ctx: z.RefinementCtx): void {
  if (deal.status !== 'not_sold') return;
  if (!deal.notSoldReason) {
    ctx.addIssue({ code: 'custom', message: NOT_SOLD_REASON_REQUIRED_MESSAGE, path: ['notSoldReason'] });
  } else if (deal.notSoldReason === NOT_READY_TO_PURCHASE && !deal.followUpDate) {
    ctx.addIssue({ code: 'custom', message: FOLLOW_UP_DATE_REQUIRED_MESSAGE, path: ['followUpDate'] });
  }
}

/** Fields that only mean something under a choice are cleared when the choice is off. */
function clearUnusedFields<T extends DealTerms>(deal: T): T {
  const withNotSold = { ...deal, ...notSoldFieldsToSave(deal.status, deal) };
  if (!deal.hasTradeIn) {
    return {
      ...withNotSold,
      tradeInYear: null,
      tradeInMake: null,
      tradeInModel: null,
      tradeInMileage: null,
      tradeInCondition: null,
      tradeInHasLienholder: false,
      tradeInLienholder: null,
      tradeInPayoffBalance: null,
    };
  }
  if (!deal.tradeInHasLienholder) return { ...withNotSold, tradeInLienholder: null, tradeInPayoffBalance: null };
  return withNotSold;
}

/** Edit: the vehicle and terms are required; client and dealership may be "None". */
export const dealUpdateSchema = z
  .object({
    clientId: blankToNull(text()),
    dealershipId: blankToNull(text()),
    ...dealTermsShape,
    status: z.enum(DEAL_STATUSES, INVALID_INPUT).default(DEFAULT_DEAL_STATUS),
  })
  .superRefine(checkNotSold)
  .transform(clearUnusedFields);
export type DealUpdateInput = z.input<typeof dealUpdateSchema>;
export type DealUpdate = z.output<typeof dealUpdateSchema>;

/** Create: client and dealership are required too; "add to marketplace" forces the status to available. */
export const dealCreateSchema = z
  .object({
    clientId: requiredText(REQUIRED),
    dealershipId: requiredText(REQUIRED),
    ...dealTermsShape,
    /** A new deal is live: its expiration date is not in the past. */
    expirationDate: blankToNull(expirationDateSchema({ atCreation: true, invalidMessage: DEAL_MESSAGES.expirationDateInvalid })),
    status: z.enum(DEAL_CREATE_STATUSES, INVALID_INPUT).default(DEFAULT_DEAL_STATUS),
    addToMarketplace: z.boolean(INVALID_INPUT).default(false),
    creditAppFormType: z.enum(CREDIT_APP_FORM_TYPES, INVALID_INPUT).default(DEFAULT_CREDIT_APP_FORM_TYPE),
    /** The marketplace vehicle the deal is created from (its page's "create deal"); null otherwise. */
    sourceVehicleId: blankToNull(text()),
    /** The lead the deal is created from (its "Convert"); the lead then lists the deal. Null otherwise. */
    sourceLeadId: blankToNull(text()),
  })
  .transform((deal) => clearUnusedFields({ ...deal, status: statusForNewDeal(deal.status, deal.addToMarketplace) }));
export type DealCreateInput = z.input<typeof dealCreateSchema>;
export type DealCreate = z.output<typeof dealCreateSchema>;
