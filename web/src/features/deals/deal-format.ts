/**
 * How the deals screens write a deal's figures: its name, the APR, and each value of the activity trail. Money follows
 * the product's rule (whole dollars on lists and fees, cents on the deal's terms) through the one money formatter.
 */
import { ACTIVITY_FIELD_LABELS, type DealActivity, type DealActivityKind, type PaymentToReview } from '@shared/deals/api';
import { DEAL_STATUS_LABELS, DEAL_TYPE_LABELS, type DealStatus, type DealType } from '@shared/deals/enums';
import {
  formatDate,
  formatMileage,
  formatMoneyCents,
  formatMoneyWhole,
  formatPaymentAmount,
  formatPercent,
} from '@shared/format';

/** "2026 BMW X5": the deal's name on cards, headings and toasts. */
export function dealName(deal: { year: number; make: string; model: string }): string {
  return `${deal.year} ${deal.make} ${deal.model}`;
}

/** "4.44%": an APR to 2 decimals, or "—" when the deal has none. */
export function formatApr(apr: number | null | undefined): string {
  return apr == null ? '—' : formatPercent(apr, 2);
}

// The activity trail: each change reads "Label: before -> after" in the words of the deal page.

type ActivityValue = string | number | boolean | null;

const WHOLE_DOLLAR_FIELDS = new Set(['brokerFeeDealer', 'brokerFeeClient', 'brokerFeeTotal', 'conciergeFee']);
const CENT_FIELDS = new Set(['monthlyPayment', 'downPayment', 'msrp', 'totalDueAtSigning']);
const DATE_FIELDS = new Set(['expirationDate', 'followUpDate', 'leaseStartDate']);

/** A recorded value as the deal page would show it; "—" for none. */
export function formatActivityValue(field: string, value: ActivityValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'status' && isDealStatus(value)) return DEAL_STATUS_LABELS[value];
  if (field === 'dealType' && isDealType(value)) return DEAL_TYPE_LABELS[value];
  if (typeof value === 'number') {
    if (WHOLE_DOLLAR_FIELDS.has(field)) return formatMoneyWhole(value);
    if (CENT_FIELDS.has(field)) return formatMoneyCents(value);
    if (field === 'apr') return formatApr(value);
    if (field === 'mileageAllowance') return formatMileage(value);
    if (field === 'termMonths') return `${value} months`;
    return String(value);
  }
  if (DATE_FIELDS.has(field)) return formatDate(value) || value;
  return value;
}

/** The reader's label of a recorded field (the API's list), or the field name itself for one added later. */
export function activityFieldLabel(field: string): string {
  return (ACTIVITY_FIELD_LABELS as Record<string, string>)[field] ?? field;
}

const ACTIVITY_KIND_LABELS: Record<DealActivityKind, string> = {
  created: 'created the deal',
  updated: 'updated the deal',
  expired: 'expired the deal',
  referral: 'referred a friend',
  payment_review: 'received a payment that does not match the fee (not marked paid)',
  proposal_accepted: 'accepted the proposal',
  proposal_question: 'asked a question about the proposal',
  payment_resolved: 'resolved a payment to review',
  sent_to_dealer: 'sent the deal to the dealer (ADF)',
};

/** Entries that record values, not changes: each field shows its value alone. */
export function activityShowsValuesOnly(kind: DealActivityKind): boolean {
  return (
    kind === 'created' ||
    kind === 'referral' ||
    kind === 'payment_review' ||
    kind === 'payment_resolved' ||
    kind === 'proposal_accepted' ||
    kind === 'proposal_question' ||
    kind === 'sent_to_dealer'
  );
}

/**
 * The admin's notice of a payment that did not pay the fee: "Payment of $500.00 received; $750.00 due — review".
 */
export function paymentToReviewNotice(payment: PaymentToReview): string {
  const received = `Payment of ${formatPaymentAmount(payment.amountCents, payment.currency)} received`;
  if (payment.feeAlreadyPaid) return `${received}; the concierge fee was already paid — review and refund`;
  return `${received}; ${formatPaymentAmount(payment.dueCents, 'usd')} due — review`;
}

/** "Dana Broker updated the deal". */
export function activitySummary(entry: Pick<DealActivity, 'kind' | 'actor'>): string {
  return `${entry.actor.name} ${ACTIVITY_KIND_LABELS[entry.kind]}`;
}

function isDealStatus(value: string | number): value is DealStatus {
  return typeof value === 'string' && value in DEAL_STATUS_LABELS;
}

function isDealType(value: string | number): value is DealType {
  return typeof value === 'string' && value in DEAL_TYPE_LABELS;
}

/**
 * The proposal the deal's trail says was accepted last (the trail is newest first), or null: the deal page's
 * proposals card then shows it without being asked.
 */
export function acceptedProposalId(activity: readonly Pick<DealActivity, 'kind' | 'changes'>[]): string | null {
  const entry = activity.find((candidate) => candidate.kind === 'proposal_accepted');
  const id = entry?.changes.find((change) => change.field === 'proposalId')?.after;
  return typeof id === 'string' ? id : null;
}
