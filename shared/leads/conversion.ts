/**
 * What converting a lead carries into the client and the deal (docs/decisions.md, "Lead conversion"): everything the
 * shopper typed in the quote wizard, mapped onto the deal form's fields where the deal has one and written into the
 * deal's notes where it has none, so the broker reviews it all on /deals/new instead of retyping it. Pure: the server
 * answers it from POST /leads/{id}/convert and the tests check every field arrives.
 */
import * as z from 'zod';
import { MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE, TEXT_LIMITS } from '../constants';
import {
  CREDIT_SCORE_RANGES,
  DEAL_INCENTIVES,
  DEAL_TRADE_IN_CONDITIONS,
  DEAL_TYPES,
  type CreditScoreRange,
  type DealIncentive,
  type DealTradeInCondition,
  type DealType,
} from '../deals/enums';
import { formatMoneyWhole } from '../format';
import {
  LEASE_OR_PURCHASE_LABELS,
  PREFERRED_CONTACT_METHOD_LABELS,
  PURCHASE_TIMEFRAME_LABELS,
  QUOTE_CREDIT_SCORE_RANGE_LABELS,
  QUOTE_TRADE_IN_CONDITION_LABELS,
  type LeaseOrPurchase,
  type PreferredContactMethod,
  type QuoteCreditScoreRange,
  type QuoteTradeInCondition,
} from '../quotes/enums';

/** The yearly mileage a converted lead's deal starts with (the shopper is not asked; the broker may change it). */
export const LEAD_DEAL_MILEAGE_ALLOWANCE = MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE;

/**
 * The shopper's approximate score as the deal's range: the deal range that holds the middle of the shopper's
 * ("750+" is 740-799, the range its lower bound falls in; "not sure" gives none). The shopper's own words stay in
 * the notes.
 */
export const DEAL_CREDIT_RANGE_OF_QUOTE: Record<QuoteCreditScoreRange, CreditScoreRange | null> = {
  '750+': '740-799',
  '700-749': '670-739',
  '650-699': '670-739',
  '600-649': '580-669',
  'below-600': '300-579',
  'not-sure': null,
};

/** The wizard's 1-5 condition as the deal's four words (1 Rough is Poor, 4 Very Good is Good). */
export const DEAL_TRADE_IN_CONDITION_OF_QUOTE: Record<QuoteTradeInCondition, DealTradeInCondition> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Good',
  5: 'Excellent',
};

/** Lease or purchase as the deal type: a purchase is financed (the broker picks cash if so); not sure stays lease. */
export const DEAL_TYPE_OF_QUOTE: Record<LeaseOrPurchase, DealType> = {
  lease: 'lease',
  purchase: 'finance',
  'not-sure': 'lease',
};

/** What the shopper typed, as the lead store and the lead detail hold it (absent or null alike). */
export interface LeadConversionFacts {
  id: string;
  email: string;
  phone: string;
  zipCode: string;
  preferredContactMethod?: PreferredContactMethod | string | null;
  vehiclePreference: 'exact' | 'help';
  exactVehicleYear?: number | null;
  exactVehicleMake?: string | null;
  exactVehicleModel?: string | null;
  exactVehicleTrim?: string | null;
  bodyStyle?: string | null;
  mustHaveFeatures?: readonly string[] | null;
  mustHaveOptions?: string | null;
  creditScoreRange?: string | null;
  purchaseTimeframe?: string | null;
  monthlyPaymentBudget?: number | null;
  leaseOrPurchase?: string | null;
  hasTradeIn?: boolean | null;
  tradeInYear?: number | null;
  tradeInMake?: string | null;
  tradeInModel?: string | null;
  tradeInMileage?: number | null;
  tradeInCondition?: number | null;
  tradeInHasLienholder?: boolean | null;
  tradeInLienholderName?: string | null;
  tradeInPayoffBalance?: number | null;
  hasCosigner?: boolean | null;
  hasPriorAutoLoan?: boolean | null;
  isMilitary?: boolean | null;
  isAaaMember?: boolean | null;
  isCostcoMember?: boolean | null;
  isCollegeStudent?: boolean | null;
  isFirstResponder?: boolean | null;
  currentlyLeasing?: boolean | null;
  currentLeaseBrand?: string | null;
  additionalNotes?: string | null;
  createdAt: string;
}

/**
 * What /deals/new opens with after a convert (its navigation state; the query carries the client, the lead and the
 * vehicle, so a reload keeps at least those). Every field is one of the deal form's, null when the lead gave none.
 */
export const dealPrefillSchema = z.object({
  clientId: z.string(),
  /** The lead the deal comes from: the deal records it (`sourceLeadId`) and the lead lists the deal. */
  leadId: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  dealType: z.enum(DEAL_TYPES),
  mileageAllowance: z.number().int(),
  incentives: z.array(z.enum(DEAL_INCENTIVES)),
  creditScoreRange: z.enum(CREDIT_SCORE_RANGES).nullable(),
  hasTradeIn: z.boolean(),
  tradeInYear: z.number().int().nullable(),
  tradeInMake: z.string().nullable(),
  tradeInModel: z.string().nullable(),
  tradeInMileage: z.number().int().nullable(),
  tradeInCondition: z.enum(DEAL_TRADE_IN_CONDITIONS).nullable(),
  tradeInHasLienholder: z.boolean(),
  tradeInLienholder: z.string().nullable(),
  tradeInPayoffBalance: z.number().nullable(),
  /** Everything the deal has no field for: budget, current lease, contact method, the stated ranges, more trade-ins. */
  notes: z.string().nullable(),
});
export type DealPrefill = z.infer<typeof dealPrefillSchema>;

/** What the new client is made with, besides the name, e-mail and phone. */
export interface ClientFromLead {
  preferredMakes: string[];
  notes: string;
}

const yes = (value: boolean | null | undefined) => value === true;
const text = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());
const labelOf = <K extends string>(labels: Record<K, string>, value: string | null | undefined) =>
  value != null && value in labels ? labels[value as K] : null;

/** The deal's incentives the shopper qualifies for (first responders have no deal incentive: noted instead). */
export function leadIncentives(lead: LeadConversionFacts): DealIncentive[] {
  const incentives: DealIncentive[] = [];
  if (yes(lead.isAaaMember)) incentives.push('AAA');
  if (yes(lead.isMilitary)) incentives.push('Military');
  if (yes(lead.isCollegeStudent)) incentives.push('College');
  if (yes(lead.isCostcoMember)) incentives.push('Costco');
  return incentives;
}

/** The lines of the deal's notes, each "Label: value", in the wizard's order. */
export function leadDealNoteLines(lead: LeadConversionFacts): string[] {
  const lines: string[] = [];
  const add = (label: string, value: string | null) => {
    if (value) lines.push(`${label}: ${value}`);
  };
  add('From quote request', lead.createdAt.slice(0, 10));
  if (lead.vehiclePreference === 'help') {
    add('Needs help choosing', text(lead.bodyStyle) ?? 'any body style');
    add('Must-have features', lead.mustHaveFeatures?.length ? lead.mustHaveFeatures.join(', ') : null);
  }
  add('Must-have options', text(lead.mustHaveOptions));
  add('Monthly budget', lead.monthlyPaymentBudget != null ? formatMoneyWhole(lead.monthlyPaymentBudget) : null);
  add('Lease or purchase', labelOf(LEASE_OR_PURCHASE_LABELS, lead.leaseOrPurchase));
  add('Timeframe', labelOf(PURCHASE_TIMEFRAME_LABELS, lead.purchaseTimeframe));
  add('Credit score (shopper)', labelOf(QUOTE_CREDIT_SCORE_RANGE_LABELS, lead.creditScoreRange));
  add('Co-signer', lead.hasCosigner == null ? null : yes(lead.hasCosigner) ? 'Yes' : 'No');
  add('Prior auto loan or lease', lead.hasPriorAutoLoan == null ? null : yes(lead.hasPriorAutoLoan) ? 'Yes' : 'No');
  add('First responder', yes(lead.isFirstResponder) ? 'Yes' : null);
  add('Current lease', yes(lead.currentlyLeasing) ? (text(lead.currentLeaseBrand) ?? 'Yes') : null);
  if (yes(lead.hasTradeIn) && lead.tradeInCondition != null) {
    const words = labelOf(QUOTE_TRADE_IN_CONDITION_LABELS, String(lead.tradeInCondition));
    add('Trade-in condition (shopper)', `${lead.tradeInCondition}${words ? ` ${words}` : ''}`);
  }
  add('Preferred contact', labelOf(PREFERRED_CONTACT_METHOD_LABELS, lead.preferredContactMethod));
  add('Zip code', text(lead.zipCode));
  const more = text(lead.additionalNotes);
  if (more) lines.push(more);
  return lines;
}

/** Text cut to a field's limit (a deal's notes hold 5000 characters; the wizard's answers fit well within). */
const within = (value: string, limit: number) => (value.length <= limit ? value : value.slice(0, limit));

/** Pure: the deal form's starting values for a converted lead. */
export function dealPrefillOf(lead: LeadConversionFacts, clientId: string): DealPrefill {
  const exact = lead.vehiclePreference === 'exact';
  const tradeIn = yes(lead.hasTradeIn);
  const lien = tradeIn && yes(lead.tradeInHasLienholder);
  const condition = lead.tradeInCondition as QuoteTradeInCondition | null | undefined;
  const notes = leadDealNoteLines(lead).join('\n');
  return {
    clientId,
    leadId: lead.id,
    year: exact ? (lead.exactVehicleYear ?? null) : null,
    make: exact ? text(lead.exactVehicleMake) : null,
    model: exact ? text(lead.exactVehicleModel) : null,
    trim: exact ? text(lead.exactVehicleTrim) : null,
    dealType: lead.leaseOrPurchase ? (DEAL_TYPE_OF_QUOTE[lead.leaseOrPurchase as LeaseOrPurchase] ?? 'lease') : 'lease',
    mileageAllowance: LEAD_DEAL_MILEAGE_ALLOWANCE,
    incentives: leadIncentives(lead),
    creditScoreRange: lead.creditScoreRange
      ? (DEAL_CREDIT_RANGE_OF_QUOTE[lead.creditScoreRange as QuoteCreditScoreRange] ?? null)
      : null,
    hasTradeIn: tradeIn,
    tradeInYear: tradeIn ? (lead.tradeInYear ?? null) : null,
    tradeInMake: tradeIn ? text(lead.tradeInMake) : null,
    tradeInModel: tradeIn ? text(lead.tradeInModel) : null,
    tradeInMileage: tradeIn && lead.tradeInMileage != null ? Math.round(lead.tradeInMileage) : null,
    tradeInCondition: tradeIn && condition != null ? (DEAL_TRADE_IN_CONDITION_OF_QUOTE[condition] ?? null) : null,
    tradeInHasLienholder: lien,
    tradeInLienholder: lien ? text(lead.tradeInLienholderName) : null,
    tradeInPayoffBalance: lien ? (lead.tradeInPayoffBalance ?? null) : null,
    notes: notes ? within(notes, TEXT_LIMITS.vehicleNotes) : null,
  };
}

/** Pure: the new client's preferred makes (the exact make asked for) and notes (how and where to reach them). */
export function clientFromLead(lead: LeadConversionFacts): ClientFromLead {
  const make = lead.vehiclePreference === 'exact' ? text(lead.exactVehicleMake) : null;
  const lines = [
    `From quote request of ${lead.createdAt.slice(0, 10)}`,
    ...[
      ['Preferred contact', labelOf(PREFERRED_CONTACT_METHOD_LABELS, lead.preferredContactMethod)],
      ['Zip code', text(lead.zipCode)],
      ['Current lease', yes(lead.currentlyLeasing) ? (text(lead.currentLeaseBrand) ?? 'Yes') : null],
    ].flatMap(([label, value]) => (value ? [`${label}: ${value}`] : [])),
  ];
  return {
    preferredMakes: make && make !== 'Other' && make.length <= TEXT_LIMITS.make ? [make] : [],
    notes: within(lines.join('\n'), TEXT_LIMITS.clientNotes),
  };
}

/** The query /deals/new opens with after a convert (absent values left out); the rest travels in its state. */
export function dealPrefillSearch(
  prefill: Pick<DealPrefill, 'clientId' | 'leadId' | 'year' | 'make' | 'model' | 'trim'>,
): string {
  const params = new URLSearchParams({ clientId: prefill.clientId, leadId: prefill.leadId });
  if (prefill.year != null) params.set('year', String(prefill.year));
  if (prefill.make) params.set('make', prefill.make);
  if (prefill.model) params.set('model', prefill.model);
  if (prefill.trim) params.set('trim', prefill.trim);
  return `?${params.toString()}`;
}
