/**
 * The deal activity trail's vocabulary and the deal write's conflict message, without zod: the deals store and the
 * expiry job import these, and a job's bundle should not carry the schema library for a few constants.
 */

/** A save on a revision that is no longer the stored one (409): someone saved in between. */
export const DEAL_CHANGED_MESSAGE = 'This deal was changed by someone else; reload to see the changes';

/** The fields the activity trail records, with the label a reader sees. */
export const DEAL_ACTIVITY_FIELD_LABELS = {
  status: 'Status',
  brokerFeeDealer: 'Dealer fee',
  brokerFeeClient: 'Client fee',
  brokerFeeTotal: 'Total broker fee',
  conciergeFee: 'Concierge fee',
  conciergeFeePaid: 'Concierge fee paid',
  brokerId: 'Broker',
  clientId: 'Client',
  dealershipId: 'Dealership',
  dealType: 'Deal type',
  monthlyPayment: 'Monthly payment',
  downPayment: 'Down payment',
  termMonths: 'Term (months)',
  mileageAllowance: 'Mileage allowance',
  moneyFactor: 'Money factor',
  apr: 'APR',
  msrp: 'MSRP',
  totalDueAtSigning: 'Total due at signing',
  expirationDate: 'Expiration date',
  notSoldReason: 'Not sold reason',
  followUpDate: 'Follow-up date',
  notSoldNotes: 'Not sold notes',
  leaseStartDate: 'Lease start',
} as const;
export type DealActivityField = keyof typeof DEAL_ACTIVITY_FIELD_LABELS;
export const DEAL_ACTIVITY_FIELDS = Object.keys(DEAL_ACTIVITY_FIELD_LABELS) as DealActivityField[];

/**
 * What happened: the deal was created, saved by someone, expired by the daily job (whose actor is
 * `{ id: null, name: 'System' }`), its consumer referred a friend from it (the changes name the friend, fields
 * REFERRAL_ACTIVITY_FIELD_LABELS, recorded as `after`), or the payment provider reported a payment that does not
 * match the concierge fee due, so the fee was not marked paid (`payment_review`: fields
 * PAYMENT_ACTIVITY_FIELD_LABELS, recorded as `after`), or an admin resolved such a payment (`payment_resolved`:
 * the provider event, the amount, the resolution and the admin's note, recorded as `after`, and `conciergeFeePaid`
 * when the admin marked the fee paid), or the client accepted a proposal (`proposal_accepted`: the status moved to
 * pending, if it did, and PROPOSAL_ACTIVITY_FIELD_LABELS) or asked about one (`proposal_question`), or staff sent the
 * deal to its dealership's CRM as an ADF lead (`sent_to_dealer`: the address, SENT_TO_DEALER_ACTIVITY_FIELD_LABELS).
 * Consumers never see the trail.
 */
export const DEAL_ACTIVITY_KINDS = [
  'created',
  'updated',
  'expired',
  'referral',
  'payment_review',
  'payment_resolved',
  'proposal_accepted',
  'proposal_question',
  'sent_to_dealer',
] as const;

/** The fields of a `referral` entry: who was referred. Not deal fields: a referral changes nothing on the deal. */
export const REFERRAL_ACTIVITY_FIELD_LABELS = {
  referredName: 'Referred friend',
  referredEmail: 'Friend e-mail',
} as const;
export type ReferralActivityField = keyof typeof REFERRAL_ACTIVITY_FIELD_LABELS;
export const REFERRAL_ACTIVITY_FIELDS = Object.keys(REFERRAL_ACTIVITY_FIELD_LABELS) as ReferralActivityField[];
/**
 * The fields of a `payment_review` entry: what the provider says was paid and what was due then, each as the text
 * of shared/format.ts `formatPaymentAmount` ("$750.00", "750.00 EUR"), since a currency other than the fee's is
 * recorded as received. Not deal fields: the payment changes nothing on the deal but its list of payments to review.
 */
export const PAYMENT_ACTIVITY_FIELD_LABELS = {
  amountPaid: 'Amount paid',
  amountDue: 'Amount due',
  paymentEvent: 'Provider event',
  resolution: 'Resolution',
  resolutionNote: 'Note',
} as const;
export type PaymentActivityField = keyof typeof PAYMENT_ACTIVITY_FIELD_LABELS;
export const PAYMENT_ACTIVITY_FIELDS = Object.keys(PAYMENT_ACTIVITY_FIELD_LABELS) as PaymentActivityField[];
/**
 * The fields of the proposal entries (functions/proposals): which proposal, the address an acceptance came from, the
 * option accepted, the client's question. Recorded as `after`; not deal fields.
 */
export const PROPOSAL_ACTIVITY_FIELD_LABELS = {
  proposalId: 'Proposal',
  acceptedFromIp: 'Accepted from IP address',
  /** "Option 2: <its label>" when the proposal offered options (docs/decisions.md, "Proposal options"). */
  acceptedOption: 'Accepted option',
  question: 'Question',
} as const;
export type ProposalActivityField = keyof typeof PROPOSAL_ACTIVITY_FIELD_LABELS;
export const PROPOSAL_ACTIVITY_FIELDS = Object.keys(PROPOSAL_ACTIVITY_FIELD_LABELS) as ProposalActivityField[];
/** The field of a `sent_to_dealer` entry: the dealership's lead e-mail address the ADF document went to. */
export const SENT_TO_DEALER_ACTIVITY_FIELD_LABELS = { sentToDealerEmail: 'Sent to' } as const;
export const SENT_TO_DEALER_ACTIVITY_FIELDS = Object.keys(
  SENT_TO_DEALER_ACTIVITY_FIELD_LABELS,
) as (keyof typeof SENT_TO_DEALER_ACTIVITY_FIELD_LABELS)[];
/** Every field an activity entry may name, with its label. */
export const ACTIVITY_FIELD_LABELS = {
  ...DEAL_ACTIVITY_FIELD_LABELS,
  ...REFERRAL_ACTIVITY_FIELD_LABELS,
  ...PAYMENT_ACTIVITY_FIELD_LABELS,
  ...PROPOSAL_ACTIVITY_FIELD_LABELS,
  ...SENT_TO_DEALER_ACTIVITY_FIELD_LABELS,
} as const;
export type DealActivityKind = (typeof DEAL_ACTIVITY_KINDS)[number];
