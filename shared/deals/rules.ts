/**
 * Pure deal rules (docs/decisions.md, "Deals"): who may set which status, the concierge fee, lease APR, broker fees,
 * the not-sold fields and what a consumer may do with a deal. Handlers and forms both call these.
 */
import type { Role } from '../auth/roles';
import { CONCIERGE_FEE_MAX, CONCIERGE_FEE_MIN, CONCIERGE_FEE_WAIVED, LEASE_APR_FACTOR } from '../constants';
import { roundTo } from '../math';
import { DEAL_STATUS_LABELS, NOT_READY_TO_PURCHASE, PAST_PURCHASE_STATUSES, type DealStatus, type DealType } from './enums';

// Status permissions

export const PERMISSION_DENIED_TITLE = 'Permission Denied';
export const ONLY_ADMINS_CAN_CLOSE_MESSAGE = 'Only admins can mark deals as closed';
/** The inline note under the status field for non-admins. */
export const ONLY_ADMINS_CAN_CLOSE_NOTE = 'Only admins can set deals to closed status';

export interface StatusOption {
  value: DealStatus;
  label: string;
}

/** Option labels of the edit form, which tell admins what the two admin-only statuses mean. */
export const STATUS_OPTION_LABELS: Record<DealStatus, string> = {
  ...DEAL_STATUS_LABELS,
  finalized: 'Finalized (Pending Concierge Fee)',
  closed: 'Closed (Admin Only)',
};

const EVERYONE: readonly DealStatus[] = ['available', 'pending', 'active'];
const SELECTABLE_STATUSES: Record<Role, readonly DealStatus[]> = {
  admin: [...EVERYONE, 'not_sold', 'finalized', 'closed'],
  broker: [...EVERYONE, 'not_sold'],
  dealer: EVERYONE,
  // Consumers never edit a deal: they only read their own.
  consumer: [],
};

/** The statuses `role` may choose on the deal form, with their option labels. Expired is set only by the expiry job. */
export function statusesSelectableBy(role: Role): StatusOption[] {
  return SELECTABLE_STATUSES[role].map((value) => ({ value, label: STATUS_OPTION_LABELS[value] }));
}

export function canSetStatus(role: Role, status: DealStatus): boolean {
  return SELECTABLE_STATUSES[role].includes(status);
}

/** For a status the role may not set other than closed (which has its own required message). */
export const STATUS_NOT_ALLOWED_MESSAGE = "You don't have permission to set this status";

/**
 * Whether a save may carry status `next`. Besides the statuses the role may choose, a deal that already has
 * a status the role cannot choose (a finalized or expired deal a broker edits) may be saved unchanged;
 * closed is the exception: a non-admin never saves a closed deal ("Closed by a non-admin: blocked").
 */
export function canSaveStatus(role: Role, next: DealStatus, current?: DealStatus): boolean {
  if (canSetStatus(role, next)) return true;
  return role !== 'consumer' && next === current && next !== 'closed';
}

/** The message of the 403 for a status the caller may not save. */
export function statusDeniedMessage(status: DealStatus): string {
  return status === 'closed' ? ONLY_ADMINS_CAN_CLOSE_MESSAGE : STATUS_NOT_ALLOWED_MESSAGE;
}

/** Ticking "add to marketplace" on the create form makes the new deal available whatever status was chosen. */
export function statusForNewDeal(chosen: DealStatus, addToMarketplace: boolean): DealStatus {
  return addToMarketplace ? 'available' : chosen;
}

/** A new deal's broker is the one chosen, or else the person creating it. */
export function brokerIdForNewDeal(chosenBrokerId: string | null | undefined, currentUserId: string): string {
  return chosenBrokerId || currentUserId;
}

/** A client's past purchases: closed or finalized deals (archived); all others are active. */
export function isPastPurchase(status: DealStatus): boolean {
  return (PAST_PURCHASE_STATUSES as readonly DealStatus[]).includes(status);
}

// Concierge fee

export const INVALID_CONCIERGE_FEE_TITLE = 'Invalid concierge fee';
export const INVALID_FEE_AMOUNT_MESSAGE = 'Please enter a valid fee amount';
export const CONCIERGE_FEE_RANGE_MESSAGE = 'Fee must be $0, or between $100 and $1500';
export const CONCIERGE_FEE_INLINE_MESSAGE = 'Fee must be $0 (waived) or between $100 and $1500';

/** 0 waives the fee; any other amount must be 100 to 1500 inclusive. */
export function isValidConciergeFee(fee: number): boolean {
  return fee === CONCIERGE_FEE_WAIVED || (fee >= CONCIERGE_FEE_MIN && fee <= CONCIERGE_FEE_MAX);
}

/**
 * The concierge fee to store when a deal is saved. An admin saving a finalized or closed deal sets it, any
 * other admin save stores 0, as the product requires. Once a deal is closed the fee is locked: saving it closed
 * again keeps the stored fee (an admin moves it back to finalized to change it). The fee is admin-only, so a
 * non-admin save never changes it: it keeps the stored fee (0 for a new deal) instead of erasing an admin's.
 */
export function conciergeFeeToSave(input: {
  role: Role;
  status: DealStatus;
  fee: number | null | undefined;
  current?: { status: DealStatus; conciergeFee: number | null };
}): number {
  const { role, status, fee, current } = input;
  if (role !== 'admin') return current?.conciergeFee ?? CONCIERGE_FEE_WAIVED;
  if (status !== 'finalized' && status !== 'closed') return CONCIERGE_FEE_WAIVED;
  if (status === 'closed' && current?.status === 'closed') return current.conciergeFee ?? CONCIERGE_FEE_WAIVED;
  return fee ?? CONCIERGE_FEE_WAIVED;
}

/** The consumer portal offers payment only for a finalized deal with an unpaid fee above 0. */
export function isConciergeFeePayable(deal: {
  status: DealStatus;
  conciergeFee: number | null;
  conciergeFeePaid: boolean;
}): boolean {
  return deal.status === 'finalized' && (deal.conciergeFee ?? 0) > 0 && !deal.conciergeFeePaid;
}

/** Consumers may refer friends only from a closed deal. */
export function canReferFriends(status: DealStatus): boolean {
  return status === 'closed';
}

/** The credit application card: hidden from consumers, and once the deal is finalized or closed. */
export function showsCreditApplication(role: Role, status: DealStatus): boolean {
  return role !== 'consumer' && !isPastPurchase(status);
}

// Money

/** Lease APR = money factor x 2400, to 2 decimals (0.00125 -> 3). */
export function aprFromMoneyFactor(moneyFactor: number): number {
  return roundTo(moneyFactor * LEASE_APR_FACTOR, 2);
}

/** The APR a deal carries: derived from the money factor on a lease that has one (the APR input is then disabled). */
export function effectiveApr(deal: { dealType: DealType; moneyFactor: number | null; apr: number }): number {
  return deal.dealType === 'lease' && deal.moneyFactor != null ? aprFromMoneyFactor(deal.moneyFactor) : deal.apr;
}

/** Total broker fee = dealer fee + client fee; a fee not entered counts as 0. */
export function totalBrokerFee(dealerFee: number | null | undefined, clientFee: number | null | undefined): number {
  return roundTo((dealerFee ?? 0) + (clientFee ?? 0), 2);
}

// Not sold

export const NOT_SOLD_REASON_REQUIRED_MESSAGE = 'Please select a reason for not sold';
export const FOLLOW_UP_DATE_REQUIRED_MESSAGE = 'Please select a follow-up date';

export interface NotSoldFields {
  notSoldReason: string | null;
  followUpDate: string | null;
  notSoldNotes: string | null;
}

/**
 * The not-sold fields to store: all null unless the status is not_sold, and the follow-up date only for
 * "Not ready to purchase at this time" (the only reason whose form asks for one).
 */
export function notSoldFieldsToSave(status: DealStatus, fields: NotSoldFields): NotSoldFields {
  if (status !== 'not_sold') return { notSoldReason: null, followUpDate: null, notSoldNotes: null };
  return {
    notSoldReason: fields.notSoldReason,
    followUpDate: fields.notSoldReason === NOT_READY_TO_PURCHASE ? fields.followUpDate : null,
    notSoldNotes: fields.notSoldNotes,
  };
}
