/**
 * The deal routes' request and response shapes (feature `deals`, shared/api/routes.ts), used by the handlers and
 * the web client. The list (`GET /deals`) is in list-api.ts; this module is everything else about one deal.
 *
 * - POST   /deals                                create (the "Create New Deal" form)
 * - GET    /deals/{id}                           the detail screen in one call (deal, client, dealership, broker,
 *                                               credit application, activity, what the caller may do)
 * - PATCH  /deals/{id}                           the edit form, saved whole on the revision it loaded (409 if stale)
 * - DELETE /deals/{id}                           admins only
 * - POST   /deals/{id}/credit-application-link   the credit application link (created on first use)
 * - GET    /archived-deals                       expired deals, latest expiration first, paged (admins only)
 * - GET    /assignable-brokers                   approved and licensed brokers for the deal form's broker choice
 *
 * The last two are top-level paths, not literal segments beside `/deals/{id}` (docs/decisions.md, "Deals").
 * Who may call what is in the route table and docs/decisions.md; the server enforces every rule.
 */
import { dealAgreementResponseSchema } from '../agreements/api';
import { taskSchema } from '../tasks/api';
import { calculateLeaseRequestSchema } from '../lease/api';
import { programReferenceViewSchema } from '../programs/desk';
import * as z from 'zod';
import { consumerDealDetailSchema } from '../consumers/api';
import {
  DEAL_ACTIVITY_FIELDS,
  DEAL_ACTIVITY_KINDS,
  PAYMENT_ACTIVITY_FIELDS,
  PROPOSAL_ACTIVITY_FIELDS,
  SENT_TO_DEALER_ACTIVITY_FIELDS,
  REFERRAL_ACTIVITY_FIELDS,
  type DealActivityField,
  type PaymentActivityField,
  type ProposalActivityField,
  type ReferralActivityField,
} from './activity';
import { CREDIT_APP_FORM_TYPES, DEAL_STATUSES, DEAL_TYPES } from './enums';
import { dealCreateSchema, dealUpdateSchema } from './schemas';
import { vehicleNameSchema, vehicleSummarySchema } from '../vehicles/summary';

// ---------------------------------------------------------------------------------------------------------------
// Messages

export const DEAL_NOT_FOUND_MESSAGE = 'Deal not found';
export { DEAL_CHANGED_MESSAGE } from './activity';
export const CLIENT_NOT_FOUND_MESSAGE = 'Client not found';
export const DEALERSHIP_NOT_FOUND_MESSAGE = 'Dealership not found';
export const SOURCE_VEHICLE_NOT_FOUND_MESSAGE = 'Marketplace vehicle not found';
/** The lead a new deal names is unknown, or not the caller's to work (an admin, or the broker it is assigned to). */
export const SOURCE_LEAD_NOT_FOUND_MESSAGE = 'Lead not found';
/** The broker chosen on the form is not an approved and licensed broker (400). */
export const BROKER_NOT_ASSIGNABLE_MESSAGE = 'Choose an approved and licensed broker';
/** POST /deals/{id}/credit-application-link on a finalized or closed deal (409): the card is hidden then. */
export const CREDIT_APPLICATION_CLOSED_MESSAGE = 'Credit applications are not available for finalized or closed deals';
export { ONLY_ADMINS_CAN_CLOSE_MESSAGE, STATUS_NOT_ALLOWED_MESSAGE } from './rules';

// ---------------------------------------------------------------------------------------------------------------
// Path parameters

/** Deal ids are ULIDs; anything else cannot name a deal (400), an unknown one is a 404. */
export const dealIdParamsSchema = z.object({
  id: z
    .string()
    .max(64, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
});
export type DealIdParams = z.infer<typeof dealIdParamsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The deal as answered: every field of the deal (absent ones are null)

export const dealResponseSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  dealershipId: z.string().nullable(),
  brokerId: z.string(),
  /** The marketplace vehicle the deal was created from, if any. */
  sourceVehicleId: z.string().nullable(),
  /** The quote lead the deal was created from (converted), if any. */
  sourceLeadId: z.string().nullable(),
  ...vehicleNameSchema.shape,
  vin: z.string().nullable(),
  imageUrl: z.string().nullable(),
  dealType: z.enum(DEAL_TYPES),
  status: z.enum(DEAL_STATUSES),
  stockNumber: z.string().nullable(),
  availableStock: z.number().int().nullable(),
  msrp: z.number().nullable(),
  totalDueAtSigning: z.number().nullable(),
  monthlyPayment: z.number(),
  downPayment: z.number(),
  termMonths: z.number().int(),
  mileageAllowance: z.number().nullable(),
  moneyFactor: z.number().nullable(),
  apr: z.number().nullable(),
  notes: z.string().nullable(),
  incentives: z.array(z.string()),
  /** YYYY-MM-DD. */
  expirationDate: z.string().nullable(),
  isArchived: z.boolean(),
  heardAboutUs: z.string().nullable(),
  heardAboutUsReferral: z.string().nullable(),
  heardAboutUsAffinity: z.string().nullable(),
  creditScoreRange: z.string().nullable(),
  hasTradeIn: z.boolean(),
  tradeInYear: z.number().int().nullable(),
  tradeInMake: z.string().nullable(),
  tradeInModel: z.string().nullable(),
  tradeInMileage: z.number().int().nullable(),
  tradeInCondition: z.string().nullable(),
  tradeInHasLienholder: z.boolean(),
  tradeInLienholder: z.string().nullable(),
  tradeInPayoffBalance: z.number().nullable(),
  brokerFeeDealer: z.number().nullable(),
  brokerFeeClient: z.number().nullable(),
  /** The desking panel's lease input saved with the deal (docs/data-model.md); staff only, like the broker fees. */
  desking: calculateLeaseRequestSchema.nullable(),
  /**
   * The lender program row the desking was filled from, as it was then (docs/decisions.md, "Programs"); staff only,
   * like `desking`. A later month's import changes nothing saved.
   */
  program: programReferenceViewSchema.nullable(),
  /** Dealer fee + client fee (0 when neither is entered). */
  brokerFeeTotal: z.number(),
  brokerCommissionAmount: z.number().nullable(),
  notSoldReason: z.string().nullable(),
  /** YYYY-MM-DD. */
  followUpDate: z.string().nullable(),
  notSoldNotes: z.string().nullable(),
  creditAppFormType: z.enum(CREDIT_APP_FORM_TYPES),
  conciergeFee: z.number(),
  conciergeFeePaid: z.boolean(),
  /** ISO date-time the deal last became closed; null unless it is closed. */
  dealClosedAt: z.string().nullable(),
  /**
   * A finalized or closed lease's start and maturity days (YYYY-MM-DD), null for any other deal.
   * Staff only, like every field here (the consumer's view of their deal does not carry them).
   */
  leaseStartDate: z.string().nullable(),
  maturityDate: z.string().nullable(),
  createdAt: z.string(),
  /** Send it back with PATCH: a save on an older revision is refused with 409 (DEAL_CHANGED_MESSAGE). */
  revision: z.number().int(),
});
export type DealView = z.infer<typeof dealResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Activity trail

export {
  ACTIVITY_FIELD_LABELS,
  DEAL_ACTIVITY_FIELD_LABELS,
  DEAL_ACTIVITY_FIELDS,
  DEAL_ACTIVITY_KINDS,
  PAYMENT_ACTIVITY_FIELD_LABELS,
  PROPOSAL_ACTIVITY_FIELD_LABELS,
  REFERRAL_ACTIVITY_FIELD_LABELS,
} from './activity';
export type {
  DealActivityField,
  DealActivityKind,
  PaymentActivityField,
  ProposalActivityField,
  ReferralActivityField,
} from './activity';

/** A recorded value. Broker, client and dealership are recorded by name as they were at the time, not by id. */
export const activityValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

type ActivityField = DealActivityField | ReferralActivityField | PaymentActivityField | ProposalActivityField;

export const dealActivityChangeSchema = z.object({
  field: z.enum([
    ...DEAL_ACTIVITY_FIELDS,
    ...REFERRAL_ACTIVITY_FIELDS,
    ...PAYMENT_ACTIVITY_FIELDS,
    ...PROPOSAL_ACTIVITY_FIELDS,
    ...SENT_TO_DEALER_ACTIVITY_FIELDS,
  ] as [ActivityField, ...ActivityField[]]),
  before: activityValueSchema,
  after: activityValueSchema,
});
export type DealActivityChange = z.infer<typeof dealActivityChangeSchema>;

export const dealActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(DEAL_ACTIVITY_KINDS),
  /** ISO date-time. */
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  /** Each recorded field that changed, before and after; for `created`, the recorded fields that were set. */
  changes: z.array(dealActivityChangeSchema),
});
export type DealActivity = z.infer<typeof dealActivitySchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /deals/{id}

/** A provider payment that did not mark the fee paid, as the deal records it (minor units, lower-case ISO currency). */
export const paymentToReviewSchema = z.object({
  /** The provider's event id (Stripe's `evt_...`): find the payment in the provider's dashboard by it. */
  eventId: z.string(),
  /** Null when the provider did not say. */
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The fee due when the payment arrived, in US cents; 0 when the fee was already paid. */
  dueCents: z.number().int(),
  /** True when the fee had been paid already: a second payment, to refund. */
  feeAlreadyPaid: z.boolean(),
  /** ISO date-time the payment was recorded. */
  receivedAt: z.string(),
});
export type PaymentToReview = z.infer<typeof paymentToReviewSchema>;

export const dealClientSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  creditScoreRange: z.string().nullable(),
});
export const dealDealershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Where "Send to dealer" e-mails the deal (ADF); null: the button is disabled with an explanation. */
  leadEmail: z.string().nullable(),
});
export const dealBrokerSchema = z.object({ id: z.string(), fullName: z.string() });

export const CREDIT_APPLICATION_LINK_STATUSES = ['valid', 'expired', 'completed', 'invalid'] as const;
export const creditApplicationLinkSchema = z.object({
  /** 128-bit random, base64url. */
  token: z.string(),
  /** The public page of the link: `${appUrl}/credit-application/${token}`. */
  url: z.string(),
  status: z.enum(CREDIT_APPLICATION_LINK_STATUSES),
  /** ISO date-time after which the link reads as expired. */
  expiresAt: z.string(),
});
export type CreditApplicationLink = z.infer<typeof creditApplicationLinkSchema>;

export const dealDetailResponseSchema = z.object({
  deal: dealResponseSchema,
  /** Null when the deal has no client (or it was deleted). */
  client: dealClientSchema.nullable(),
  dealership: dealDealershipSchema.nullable(),
  broker: dealBrokerSchema.nullable(),
  /**
   * The deal's current credit application link, if one was created and the card shows (not finalized or closed).
   * Null before the first POST /deals/{id}/credit-application-link.
   */
  creditApplication: creditApplicationLinkSchema.nullable(),
  /** Whether the credit application card shows: false once the deal is finalized or closed. */
  showsCreditApplication: z.boolean(),
  /**
   * Whether the card offers "Regenerate Link": the deal's broker (approved and licensed) or an admin
   * (docs/security.md, "Ownership"). Copying the link is open to everyone who sees the card.
   */
  canRegenerateCreditApplication: z.boolean(),
  /** Newest first. */
  activity: z.array(dealActivitySchema),
  /**
   * Payments the provider reported that did not pay the fee (another amount or currency, or a fee already paid):
   * shown to admins on the deal page to resolve; always empty for other roles (docs/decisions.md, "Payments").
   */
  paymentsToReview: z.array(paymentToReviewSchema),
  /** What the caller may do: the Edit Deal button, the admin's delete, and the edit form's status options. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  statusOptions: z.array(z.object({ value: z.enum(DEAL_STATUSES), label: z.string() })),
  /**
   * Admins and brokers: the deal's open tasks the caller may see, soonest first (absent for dealers, who have no
   * tasks).
   */
  openTasks: z.array(taskSchema).optional(),
  /** Admins and brokers: where the client's brokering agreement stands (absent for dealers). */
  agreement: dealAgreementResponseSchema.optional(),
});
export type DealDetail = z.infer<typeof dealDetailResponseSchema>;

/**
 * What GET /deals/{id} answers: the staff detail, or a consumer's reduced view of their own deal (`view: 'consumer'`,
 * shared/consumers/api.ts). The staff schema is tried first; a consumer's answer lacks its fields, so it can only pass
 * as the consumer view, and the handler picks which one to build by the caller's role.
 */
export const dealDetailForCallerResponseSchema = z.union([dealDetailResponseSchema, consumerDealDetailSchema]);
export type DealDetailForCaller = z.infer<typeof dealDetailForCallerResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /deals

/**
 * The create form (`dealCreateSchema`, with `sourceVehicleId` when created from a marketplace vehicle). Whether
 * the caller may save the chosen status and who the broker is are settled by the server (rules.ts); the
 * concierge fee of a new deal is 0 unless an admin sets it.
 */
export const createDealRequestSchema = dealCreateSchema;
export type CreateDealRequest = z.input<typeof createDealRequestSchema>;
/** 201: the deal as stored. */
export const createDealResponseSchema = dealResponseSchema;

// ---------------------------------------------------------------------------------------------------------------
// PATCH /deals/{id}

export const revisionSchema = z.object({
  /** The `deal.revision` the form loaded. */
  revision: z.number('Reload the deal and try again').int().nonnegative(),
});

/**
 * The edit form, whole (`dealUpdateSchema`), plus the revision it loaded. Only the caller's role's fields are
 * copied (docs/decisions.md, "Deals"); anything else in the body changes nothing.
 */
export const updateDealRequestSchema = z.intersection(dealUpdateSchema, revisionSchema);
export type UpdateDealRequest = z.input<typeof updateDealRequestSchema>;
export const updateDealResponseSchema = dealResponseSchema;

// ---------------------------------------------------------------------------------------------------------------
// DELETE /deals/{id}

export const deleteDealResponseSchema = z.object({ deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------------
// POST /deals/{id}/credit-application-link

/** The deal's valid link: the same one on every call until it expires or is completed, then a new one. */
export const creditApplicationLinkResponseSchema = creditApplicationLinkSchema;

// ---------------------------------------------------------------------------------------------------------------
// GET /archived-deals

export const ARCHIVED_DEALS_PAGE_SIZE_DEFAULT = 25;
export const ARCHIVED_DEALS_PAGE_SIZE_MAX = 100;
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

export const archivedDealsQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(1024, INVALID_CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number('Invalid limit')
    .int('Invalid limit')
    .min(1, 'Invalid limit')
    .max(ARCHIVED_DEALS_PAGE_SIZE_MAX, 'Invalid limit')
    .default(ARCHIVED_DEALS_PAGE_SIZE_DEFAULT),
});
export type ArchivedDealsQuery = z.input<typeof archivedDealsQuerySchema>;

export const archivedDealSchema = z.object({
  ...vehicleSummarySchema.shape,
  stockNumber: z.string().nullable(),
  /** YYYY-MM-DD. */
  expirationDate: z.string(),
  clientName: z.string().nullable(),
  monthlyPayment: z.number(),
  createdAt: z.string(),
});
export type ArchivedDeal = z.infer<typeof archivedDealSchema>;

export const archivedDealsResponseSchema = z.object({
  /** Expired deals, latest expiration date first. */
  items: z.array(archivedDealSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ArchivedDealsResponse = z.infer<typeof archivedDealsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /assignable-brokers

export const assignableBrokersResponseSchema = z.object({
  /** Approved and licensed brokers ordered by full name. */
  brokers: z.array(dealBrokerSchema),
});
export type AssignableBrokersResponse = z.infer<typeof assignableBrokersResponseSchema>;
