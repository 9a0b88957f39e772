/**
 * Pure proposal rules (docs/decisions.md, "Proposals"), shared by the proposals function and the web: the snapshot a
 * proposal carries (an explicit field list, so nothing the client must not see can slip in), the state a reader sees,
 * the token's shape and the public page's URL, and who may share or revoke.
 */
import { isOwnerOrAdmin, type Actor } from '../auth/ownership';
import { calculateLease, type LeaseInput } from '../lease/calculate';
import type { DealType } from '../deals/enums';
import type { DriveOff, ProposalOption, ProposalSnapshot } from './api';
import type { ProposalStatus, StoredProposalStatus } from './enums';

/** How long a proposal link works: prices and programs move, so two weeks, then the broker sends a fresh one. */
export const PROPOSAL_LINK_DAYS = 14;

/** 128 random bits in base64url, as a credit application link's token: anything else names no proposal. */
export const PROPOSAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isProposalToken(value: string): boolean {
  return PROPOSAL_TOKEN_PATTERN.test(value);
}

/** The public page of a proposal (web/src/app/router.tsx), absolute on the app's origin `appUrl`. */
export function proposalUrl(token: string, appUrl = ''): string {
  return `${appUrl}/proposal/${encodeURIComponent(token)}`;
}

/** The state a reader sees at `now`: a stored `sent` proposal past its date reads `expired`. */
export function proposalStatus(proposal: { status: StoredProposalStatus; validUntil: string }, now: Date): ProposalStatus {
  if (proposal.status === 'sent' && proposal.validUntil <= now.toISOString()) return 'expired';
  return proposal.status;
}

/**
 * Deals that can still change hands (docs/decisions.md, "Proposals"): a closed deal is sold and a not-sold one lost,
 * so neither gets a new proposal, nor may one sent before be accepted.
 */
export function dealTakesProposals(deal: { status: string }): boolean {
  return deal.status !== 'closed' && deal.status !== 'not_sold';
}

/**
 * A proposal belongs to the client it was made out to: once the deal names another client (or none), it offers
 * nothing to anyone (read as `withdrawn`). A proposal stored before proposals named their client matches any.
 */
export function proposalForClient(proposal: { clientId?: string | null }, deal: { clientId?: string | null }): boolean {
  if (proposal.clientId === undefined) return true;
  return (proposal.clientId ?? null) === (deal.clientId ?? null);
}

/** Where a shared proposal goes: the client's e-mail on file, else their phone by text, else nowhere (link only). */
export function proposalDestination(
  client: { email?: string | null; phone?: string | null } | null,
): { channel: 'email' | 'sms'; to: string } | null {
  const email = client?.email?.trim();
  if (email) return { channel: 'email', to: email };
  const phone = client?.phone?.trim();
  if (phone) return { channel: 'sms', to: phone };
  return null;
}

/** Who may share a deal's proposal, or revoke one: the deal's broker or an admin (they speak for the broker). */
export function mayShareProposal(actor: Actor, deal: { brokerId: string }): boolean {
  return isOwnerOrAdmin(actor, deal.brokerId);
}

/** The deal fields a proposal is made of. Anything else of the deal (fees, commission, lead source) is not read. */
export interface SnapshotSource {
  year: number;
  make: string;
  model: string;
  trim?: string | null;
  imageUrl?: string | null;
  dealType: DealType;
  monthlyPayment: number;
  downPayment: number;
  termMonths: number;
  mileageAllowance?: number | null;
  moneyFactor?: number | null;
  apr?: number | null;
  totalDueAtSigning?: number | null;
  conciergeFee?: number | null;
  incentives?: readonly string[] | null;
  desking?: unknown;
}

const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100;

/** The desking input priced, or null when the deal was not desked (or its saved input no longer prices). */
function deskedQuote(desking: unknown) {
  if (!desking || typeof desking !== 'object') return null;
  const input = desking as LeaseInput;
  try {
    return { input, quote: calculateLease(input) };
  } catch {
    return null;
  }
}

/**
 * The monthly payment a proposal offers: the desking computation's whenever a lease deal was desked (a payment typed
 * into the deal's field may disagree with it, and the client must see what the drive-off and the lender's numbers
 * are made of), else the deal's own field.
 */
export function proposalMonthlyPayment(deal: Pick<SnapshotSource, 'dealType' | 'monthlyPayment' | 'desking'>): number {
  const desked = deal.dealType === 'lease' ? deskedQuote(deal.desking) : null;
  return desked ? desked.quote.monthlyPayment : deal.monthlyPayment;
}

/**
 * Due at signing item by item from the deal's desking input, or null when the deal was not desked (or its saved input
 * no longer prices). The items add up to the quote's drive-off to the cent: the security deposits are what is left.
 */
export function itemizedDriveOff(desking: unknown): DriveOff | null {
  const desked = deskedQuote(desking);
  if (!desked) return null;
  const { input, quote } = desked;
  if (input.zeroDriveOff) {
    return { firstPayment: 0, cashDown: 0, upfrontFees: 0, upfrontTax: 0, securityDeposits: 0, total: 0 };
  }
  const upfrontTax = toCents(quote.upfrontTax);
  // A one-pay lease's one payment is its first (and only) payment: the one-pay amount less the tax shown beside it.
  const firstPayment =
    quote.onePayAmount === undefined ? toCents(quote.monthlyPayment) : toCents(quote.onePayAmount) - upfrontTax;
  const cashDown = toCents(input.cashDown ?? 0);
  // Named fees paid at signing are upfront fees like `upfrontFees` (docs/lease-math.md, "Fees").
  const namedUpfrontFees = (input.fees ?? []).filter((fee) => !fee.capitalized);
  const upfrontFees = toCents(input.upfrontFees ?? 0) + namedUpfrontFees.reduce((sum, fee) => sum + toCents(fee.amount), 0);
  const total = toCents(quote.driveOff);
  return {
    firstPayment: fromCents(firstPayment),
    cashDown: fromCents(cashDown),
    upfrontFees: fromCents(upfrontFees),
    upfrontTax: fromCents(upfrontTax),
    securityDeposits: fromCents(total - firstPayment - cashDown - upfrontFees - upfrontTax),
    total: fromCents(total),
  };
}

/**
 * The proposal a deal makes now: an explicit copy of what the client is offered, nothing else; `options` (made by
 * ./options.ts `proposalOptions`) when the broker shares offers for the client to choose from.
 */
export function proposalSnapshot(
  deal: SnapshotSource,
  names: { brokerName: string; dealershipName: string | null; clientName: string | null },
  options: readonly ProposalOption[] = [],
): ProposalSnapshot {
  const driveOff = deal.dealType === 'lease' ? itemizedDriveOff(deal.desking) : null;
  return {
    vehicle: {
      year: deal.year,
      make: deal.make,
      model: deal.model,
      trim: deal.trim ?? null,
      imageUrl: deal.imageUrl ?? null,
    },
    dealType: deal.dealType,
    monthlyPayment: proposalMonthlyPayment(deal),
    downPayment: deal.downPayment,
    termMonths: deal.termMonths,
    mileageAllowance: deal.mileageAllowance ?? null,
    moneyFactor: deal.dealType === 'lease' ? (deal.moneyFactor ?? null) : null,
    apr: deal.apr ?? null,
    totalDueAtSigning: deal.totalDueAtSigning ?? driveOff?.total ?? null,
    driveOff,
    conciergeFee: deal.conciergeFee ?? 0,
    incentives: [...(deal.incentives ?? [])],
    brokerName: names.brokerName,
    dealershipName: names.dealershipName,
    clientName: names.clientName,
    options: options.map((option) => ({ ...option })),
  };
}
