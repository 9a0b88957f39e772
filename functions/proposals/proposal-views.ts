/**
 * What every proposal route shares (docs/decisions.md, "Proposals"): a proposal's state as a reader sees it given its deal,
 * its summary and view, the link's token as stored, and why a link shows no offer.
 */
import { createHash } from 'node:crypto';
import {
  PROPOSAL_DEAL_REMOVED_MESSAGE,
  PROPOSAL_REPLACED_MESSAGE,
  PROPOSAL_WITHDRAWN_MESSAGE,
  PROPOSAL_EXPIRED_MESSAGE,
  PROPOSAL_REVOKED_MESSAGE,
  type ProposalSnapshot,
  type ProposalSummary,
  type ProposalView,
} from '@shared/proposals/api';
import type { ProposalStatus } from '@shared/proposals/enums';
import { isProposalToken, proposalForClient, proposalStatus } from '@shared/proposals/rules';
import type { Senders } from '@functions/lib/outbox';
import type { Deal } from '@functions/domain/deals/deals';
import type { ProposalsData } from './data';
import type { Proposal } from './data/proposals';

/** What sends a proposal to its client and tells its broker: the outbox's senders and the app's address for links. */
export type Notifiers = Senders & { appUrl: string };

/**
 * The state a reader sees, given the deal as it is now: a sent proposal made out to another client than the deal's
 * reads `withdrawn` (the deal was moved; docs/decisions.md, "Proposals"), whether or not the deal's write has marked it
 * so yet, so an offer never reaches anyone but the client it was made for.
 */
export function statusWith(proposal: Proposal, deal: Pick<Deal, 'clientId'> | null, now: Date): ProposalStatus {
  const status = proposalStatus(proposal, now);
  if (deal && status === 'sent' && !proposalForClient(proposal, deal)) return 'withdrawn';
  return status;
}

/** The stored key of a token: its SHA-256, so a copy of the table opens no proposal. */
export function hashProposalToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The stored snapshot; one stored before proposals had options reads with none (docs/decisions.md, "Proposal options"). */
export function snapshotOf(proposal: Proposal): ProposalSnapshot {
  const snapshot = proposal.snapshot as ProposalSnapshot;
  return { ...snapshot, options: snapshot.options ?? [] };
}

export function summaryOf(proposal: Proposal, now: Date, deal: Pick<Deal, 'clientId'> | null = null): ProposalSummary {
  const snapshot = snapshotOf(proposal);
  return {
    id: proposal.id,
    status: statusWith(proposal, deal, now),
    createdAt: proposal.createdAt,
    createdBy: proposal.createdByName,
    expiresAt: proposal.validUntil,
    acceptedAt: proposal.acceptedAt ?? null,
    revokedAt: proposal.revokedAt ?? null,
    monthlyPayment: snapshot.monthlyPayment,
    termMonths: snapshot.termMonths,
    options: snapshot.options,
    acceptedOption: proposal.acceptedOption ?? null,
  };
}

export function viewOf(proposal: Proposal, now: Date, deal: Pick<Deal, 'clientId'> | null = null): ProposalView {
  return {
    id: proposal.id,
    status: statusWith(proposal, deal, now),
    expiresAt: proposal.validUntil,
    acceptedAt: proposal.acceptedAt ?? null,
    acceptedOption: proposal.acceptedOption ?? null,
    createdAt: proposal.createdAt,
    snapshot: snapshotOf(proposal),
  };
}

export async function brokerContact(data: ProposalsData, brokerId: string) {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(brokerId), data.users.get(brokerId)]);
  return { name: profile?.fullName ?? user?.fullName ?? 'Your broker', email: profile?.email ?? user?.email ?? null };
}

/** The proposal a token names, with its deal, or null (malformed, unknown, or the deal is gone). */
export async function proposalOfToken(token: string, data: ProposalsData) {
  if (!isProposalToken(token)) return null;
  const proposal = await data.proposals.getByTokenHash(hashProposalToken(token));
  return proposal;
}

export const REFUSALS = {
  revoked: PROPOSAL_REVOKED_MESSAGE,
  replaced: PROPOSAL_REPLACED_MESSAGE,
  withdrawn: PROPOSAL_WITHDRAWN_MESSAGE,
  expired: PROPOSAL_EXPIRED_MESSAGE,
} as const;

type Refused = keyof typeof REFUSALS;

export const isRefused = (status: ProposalStatus): status is Refused => status in REFUSALS;

/**
 * Why a proposal whose deal is gone stands for nothing (docs/decisions.md "Proposals"): a sent one was withdrawn with
 * the deal; an accepted one stays accepted (the client's acceptance, time and address, is history) and says so.
 */
export const dealGoneMessage = (status: ProposalStatus) =>
  status === 'accepted' ? PROPOSAL_DEAL_REMOVED_MESSAGE : PROPOSAL_REVOKED_MESSAGE;
