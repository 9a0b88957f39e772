/**
 * Deal enumerations and the pick lists of the deal forms (stored values: docs/data-model.md, "Entities"). A deal is
 * also the record of a marketplace vehicle. Pick lists whose stored value is the text shown are plain string lists.
 */

export const DEAL_TYPES = ['cash', 'finance', 'lease'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const DEAL_TYPE_LABELS: Record<DealType, string> = { cash: 'Cash', finance: 'Finance', lease: 'Lease' };

export const DEAL_STATUSES = ['available', 'pending', 'active', 'finalized', 'closed', 'expired', 'not_sold'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
/** Badge text of each status. The edit form's option labels differ for two of them (see rules.ts). */
export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  active: 'Active',
  finalized: 'Finalized',
  closed: 'Closed',
  expired: 'Expired',
  not_sold: 'Not Sold',
};

/** The statuses the deals list and the dashboard count show; the list's status filter offers these. */
export const DEAL_LIST_STATUSES = ['available', 'pending', 'active', 'closed'] as const satisfies readonly DealStatus[];
/** The statuses the create form offers (closed only takes effect for admins). */
export const DEAL_CREATE_STATUSES = ['available', 'pending', 'active', 'closed'] as const satisfies readonly DealStatus[];
/** A client's past purchases: these count as archived deals, every other status as active. */
export const PAST_PURCHASE_STATUSES = ['closed', 'finalized'] as const satisfies readonly DealStatus[];

export const CREDIT_APP_FORM_TYPES = ['mbfs', 'bmwfs', 'generic'] as const;
export type CreditAppFormType = (typeof CREDIT_APP_FORM_TYPES)[number];
export const CREDIT_APP_FORM_TYPE_LABELS: Record<CreditAppFormType, string> = {
  mbfs: 'MBFS',
  bmwfs: 'BMWFS',
  generic: 'Generic',
};

/** Incentives offered on the deal forms; stored as the text shown. */
export const DEAL_INCENTIVES = ['AAA', 'Military', 'College', 'Costco', 'Conquest', 'Pull Forward'] as const;
export type DealIncentive = (typeof DEAL_INCENTIVES)[number];

/** "How did you hear about us" (heard_about_us). */
export const LEAD_SOURCES = ['Mailer', 'Search Engine', 'Social Media', 'Referral', 'Affinity Program', 'Other'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const CREDIT_SCORE_RANGES = ['300-579', '580-669', '670-739', '740-799', '800-850'] as const;
export type CreditScoreRange = (typeof CREDIT_SCORE_RANGES)[number];

/** Trade-in condition on deals (the quote wizard uses 1-5 instead, see quotes/enums.ts). */
export const DEAL_TRADE_IN_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;
export type DealTradeInCondition = (typeof DEAL_TRADE_IN_CONDITIONS)[number];

export const NOT_READY_TO_PURCHASE = 'Not ready to purchase at this time';
export const NOT_SOLD_REASONS = [
  'Vehicle not sourced',
  'Payment',
  'Not credit qualified',
  'Bought elsewhere',
  NOT_READY_TO_PURCHASE,
] as const;
export type NotSoldReason = (typeof NOT_SOLD_REASONS)[number];

/** The deals list's group `key` of deals without a client (client groups use the client id). */
export const UNASSIGNED_GROUP_KEY = 'unassigned';
