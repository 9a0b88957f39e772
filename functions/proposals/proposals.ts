/**
 * Proposals by link (docs/decisions.md, "Proposals"): the deal's broker (or an admin) shares a snapshot of the deal's
 * offer; the client reads it in the portal or, without an account, through an unguessable, expiring, revocable link
 * (the credit application link's rules: 128-bit token, a date, revoked with a conditional write; here only the
 * token's SHA-256 is stored). This file is the staff's side: sharing, listing and revoking. The client's answers
 * (reading, accepting, asking) are in ./proposal-answers.ts.
 */
import { ulid } from 'ulid';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import { DEAL_CHANGED_MESSAGE } from '@shared/deals/api';
import {
  PROPOSAL_DEAL_CLOSED_MESSAGE,
  PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_NOT_REVOCABLE_MESSAGE,
  type CreateProposalResponse,
  type DealProposals,
  type ProposalDelivery,
  type ProposalSummary,
} from '@shared/proposals/api';
import {
  PROPOSAL_LINK_DAYS,
  dealTakesProposals,
  mayShareProposal,
  proposalDestination,
  proposalSnapshot,
  proposalStatus,
  proposalUrl,
} from '@shared/proposals/rules';
import { proposalOptions, type ParsedProposalOption } from '@shared/proposals/options';
import type { Identity } from '@functions/lib/auth-context';
import { newCreditApplicationToken } from '@functions/domain/deals/credit-application-links';
import { callerOf, visibleDeal } from '@functions/domain/deals/visibility';
import { addDays } from '@functions/lib/dates';
import { ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { deliverNow, newOutboxMessage } from '@functions/lib/outbox';
import type { OutboxMessage } from '@functions/lib/data/outbox-store';
import type { ProposalsData } from './data';
import { proposalDeliveryRecord } from './data/proposal';
import type { Proposal } from './data/proposals';
import { proposalMessage } from './proposal-messages';
import { hashProposalToken, summaryOf, brokerContact, type Notifiers } from './proposal-views';

/** Tries of a share that lost to another share, or to an accept, of the same deal (each re-reads the proposals). */
const SHARE_ATTEMPTS = 3;

/**
 * A deal the caller sees (staff; in own book a broker sees only their own: 404), and which they may share or revoke
 * (its broker, or an admin).
 */
async function ownDeal(identity: Identity, dealId: string, data: ProposalsData) {
  const caller = await callerOf(identity, data);
  const deal = await visibleDeal(caller, dealId, data);
  if (!mayShareProposal(identity, deal)) throw new ForbiddenError(DEAL_NOT_YOURS_MESSAGE);
  return { deal, caller };
}

/**
 * POST /deals/{id}/proposals: a new snapshot of the deal's offer, sent to the client's e-mail on file (else a text to
 * their phone) through the outbox, and its link (shown this once). It replaces the deal's earlier sent proposals in the
 * same transaction (docs/decisions.md, "Proposals"). A closed or not-sold deal takes none (409). With `options` the
 * snapshot carries those offers, each with its total cost, for the client to choose one (docs/decisions.md,
 * "Proposal options").
 */
export async function createProposal(
  identity: Identity,
  dealId: string,
  request: { options?: readonly ParsedProposalOption[] },
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<CreateProposalResponse> {
  const { deal, caller } = await ownDeal(identity, dealId, data);
  if (!dealTakesProposals(deal)) throw new ConflictError(PROPOSAL_DEAL_CLOSED_MESSAGE);
  const [broker, dealership, client] = await Promise.all([
    brokerContact(data, deal.brokerId),
    deal.dealershipId ? data.dealerships.get(deal.dealershipId) : Promise.resolve(null),
    deal.clientId ? data.clients.get(deal.clientId) : Promise.resolve(null),
  ]);
  const destination = proposalDestination(client);
  const token = newCreditApplicationToken();
  const tokenHash = hashProposalToken(token);
  const url = proposalUrl(token, notifiers.appUrl);
  const validUntil = addDays(now, PROPOSAL_LINK_DAYS).toISOString();
  const clientName = client?.fullName ?? deal.clientName ?? null;
  const snapshot = proposalSnapshot(
    deal,
    { brokerName: broker.name, dealershipName: dealership?.name ?? null, clientName },
    proposalOptions(request.options ?? []),
  );
  const proposal: Proposal = {
    tokenHash,
    id: ulid(now.getTime()),
    dealId: deal.id,
    brokerId: deal.brokerId,
    ...(deal.clientId ? { clientId: deal.clientId } : {}),
    status: 'sent',
    validUntil,
    createdAt: now.toISOString(),
    createdById: identity.userId,
    createdByName: caller.name,
    ...(destination ? { sentChannel: destination.channel, sentTo: destination.to, deliveryStatus: 'retrying' } : {}),
    snapshot,
  };
  let outgoing: OutboxMessage | null = null;
  if (destination) {
    const message = proposalMessage({ clientName, snapshot, url, validUntil });
    outgoing = newOutboxMessage(
      {
        ...(destination.channel === 'email'
          ? { channel: 'email', subject: message.subject, text: message.text }
          : { channel: 'sms', text: message.sms }),
        to: destination.to,
        // A link past its date is not worth sending.
        sendBy: validUntil,
        record: proposalDeliveryRecord(tokenHash),
      },
      now,
    );
  }

  let replaced: Proposal[] | null = null;
  for (let attempt = 0; attempt < SHARE_ATTEMPTS && !replaced; attempt++) {
    const [earlier, latestId] = await Promise.all([data.proposals.listOfDeal(deal.id), data.proposals.latestId(deal.id)]);
    const standing = earlier.filter((candidate) => proposalStatus(candidate, now) === 'sent');
    if (await data.proposals.share(proposal, standing, latestId, outgoing)) replaced = standing;
  }
  if (!replaced) throw new ConflictError(DEAL_CHANGED_MESSAGE);

  const delivery: ProposalDelivery = {
    channel: destination?.channel ?? null,
    to: destination?.to ?? null,
    status: null,
    error: null,
  };
  if (outgoing) Object.assign(delivery, await deliverNow(outgoing, { outbox: data.outbox, senders: notifiers }, now));
  return { proposal: summaryOf(proposal, now), token, url, delivery, replaced: replaced.length };
}

/** GET /deals/{id}/proposals: every proposal of a deal the caller sees, newest first. */
export async function listDealProposals(
  identity: Identity,
  dealId: string,
  data: ProposalsData,
  now: Date,
): Promise<DealProposals> {
  const deal = await visibleDeal(await callerOf(identity, data), dealId, data);
  const proposals = await data.proposals.listOfDeal(deal.id);
  return { proposals: proposals.map((proposal) => summaryOf(proposal, now, deal)) };
}

/** POST /deals/{id}/proposals/{proposalId}/revoke: the link stops working at once; only a sent proposal (409). */
export async function revokeProposal(
  identity: Identity,
  dealId: string,
  proposalId: string,
  data: ProposalsData,
  now: Date,
): Promise<{ proposal: ProposalSummary }> {
  const { deal } = await ownDeal(identity, dealId, data);
  const proposal = (await data.proposals.listOfDeal(deal.id)).find((candidate) => candidate.id === proposalId);
  if (!proposal) throw new NotFoundError(PROPOSAL_NOT_FOUND_MESSAGE);
  if (proposal.status !== 'sent' || !(await data.proposals.revoke(proposal.tokenHash, now))) {
    throw new ConflictError(PROPOSAL_NOT_REVOCABLE_MESSAGE);
  }
  return { proposal: summaryOf({ ...proposal, status: 'revoked', revokedAt: now.toISOString() }, now) };
}
