/**
 * Proposals by link (docs/decisions.md, "Proposals"): the deal's broker (or an admin) shares a snapshot of the deal's
 * offer; the client reads it in the portal or, without an account, through an unguessable, expiring, revocable link
 * (the credit application link's rules: 128-bit token, a date, revoked with a conditional write; here only the
 * token's SHA-256 is stored). Accepting records the time and source address on the deal's activity trail and moves
 * an available deal to pending, in the deal's own transaction; a question is e-mailed to the broker through the
 * outbox and recorded on the trail.
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import { DEAL_CHANGED_MESSAGE, DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import {
  PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
  PROPOSAL_DEAL_REMOVED_MESSAGE,
  PROPOSAL_EXPIRED_MESSAGE,
  PROPOSAL_INVALID_MESSAGE,
  PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_NOT_REVOCABLE_MESSAGE,
  PROPOSAL_REVOKED_MESSAGE,
  type AcceptProposalResponse,
  type ConsumerProposals,
  type CreateProposalResponse,
  type DealProposals,
  type ProposalSnapshot,
  type ProposalSummary,
  type ProposalView,
  type PublicProposal,
} from '@shared/proposals/api';
import type { ProposalStatus } from '@shared/proposals/enums';
import {
  PROPOSAL_LINK_DAYS,
  isProposalToken,
  mayShareProposal,
  proposalSnapshot,
  proposalStatus,
  proposalUrl,
} from '@shared/proposals/rules';
import { formatMoneyCents } from '@shared/format';
import type { Identity } from '@functions/lib/auth-context';
import { newCreditApplicationToken } from '@functions/lib/data/deals/credit-application-links';
import { callerOf, visibleDeal } from '@functions/lib/data/deals/visibility';
import { addDays } from '@functions/lib/dates';
import { ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import type { Mailer } from '@functions/lib/mailer';
import { deliverNow, newOutboxMessage, type DeliveryStatus } from '@functions/lib/outbox';
import type { ProposalsData } from './data';
import type { Proposal } from './data/proposals';

/** Tries of an accept that lost its deal write to another save (each re-reads the deal). */
const ACCEPT_ATTEMPTS = 3;

/** The stored key of a token: its SHA-256, so a copy of the table opens no proposal. */
export function hashProposalToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function summaryOf(proposal: Proposal, now: Date): ProposalSummary {
  const snapshot = proposal.snapshot as ProposalSnapshot;
  return {
    id: proposal.id,
    status: proposalStatus(proposal, now),
    createdAt: proposal.createdAt,
    createdBy: proposal.createdByName,
    expiresAt: proposal.validUntil,
    acceptedAt: proposal.acceptedAt ?? null,
    revokedAt: proposal.revokedAt ?? null,
    monthlyPayment: snapshot.monthlyPayment,
    termMonths: snapshot.termMonths,
  };
}

function viewOf(proposal: Proposal, now: Date): ProposalView {
  return {
    id: proposal.id,
    status: proposalStatus(proposal, now),
    expiresAt: proposal.validUntil,
    acceptedAt: proposal.acceptedAt ?? null,
    createdAt: proposal.createdAt,
    snapshot: proposal.snapshot as ProposalSnapshot,
  };
}

async function brokerContact(data: ProposalsData, brokerId: string) {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(brokerId), data.users.get(brokerId)]);
  return { name: profile?.fullName ?? user?.fullName ?? 'Your broker', email: profile?.email ?? user?.email ?? null };
}

/** A deal the caller sees (staff), and which they may share or revoke (its broker, or an admin). */
async function ownDeal(identity: Identity, dealId: string, data: ProposalsData) {
  const caller = await callerOf(identity, data);
  const deal = await visibleDeal(caller, dealId, data);
  if (!mayShareProposal(identity, deal)) throw new ForbiddenError(DEAL_NOT_YOURS_MESSAGE);
  return { deal, caller };
}

/** POST /deals/{id}/proposals: a new snapshot of the deal's offer and its link (shown this once). */
export async function createProposal(
  identity: Identity,
  dealId: string,
  data: ProposalsData,
  now: Date,
  appUrl: string,
): Promise<CreateProposalResponse> {
  const { deal, caller } = await ownDeal(identity, dealId, data);
  const [broker, dealership] = await Promise.all([
    brokerContact(data, deal.brokerId),
    deal.dealershipId ? data.dealerships.get(deal.dealershipId) : Promise.resolve(null),
  ]);
  const token = newCreditApplicationToken();
  const proposal = await data.proposals.create({
    tokenHash: hashProposalToken(token),
    id: ulid(now.getTime()),
    dealId: deal.id,
    brokerId: deal.brokerId,
    status: 'sent',
    validUntil: addDays(now, PROPOSAL_LINK_DAYS).toISOString(),
    createdAt: now.toISOString(),
    createdById: identity.userId,
    createdByName: caller.name,
    snapshot: proposalSnapshot(deal, {
      brokerName: broker.name,
      dealershipName: dealership?.name ?? null,
      clientName: deal.clientName ?? null,
    }),
  });
  return { proposal: summaryOf(proposal, now), token, url: proposalUrl(token, appUrl) };
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
  return { proposals: proposals.map((proposal) => summaryOf(proposal, now)) };
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

/** GET /consumer/deals/{id}/proposals: the consumer's own deal's proposals that stand (sent or accepted). */
export async function consumerProposals(
  identity: Identity,
  dealId: string,
  data: ProposalsData,
  now: Date,
): Promise<ConsumerProposals> {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(dealId)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  const proposals = (await data.proposals.listOfDeal(deal.id)).map((proposal) => viewOf(proposal, now));
  return { proposals: proposals.filter((proposal) => proposal.status === 'sent' || proposal.status === 'accepted') };
}

/** The proposal a token names, with its deal, or null (malformed, unknown, or the deal is gone). */
async function proposalOfToken(token: string, data: ProposalsData) {
  if (!isProposalToken(token)) return null;
  const proposal = await data.proposals.getByTokenHash(hashProposalToken(token));
  return proposal;
}

const REFUSALS = { revoked: PROPOSAL_REVOKED_MESSAGE, expired: PROPOSAL_EXPIRED_MESSAGE } as const;

/**
 * Why a proposal whose deal is gone stands for nothing (docs/decisions.md "Proposals"): a sent one was withdrawn with
 * the deal; an accepted one stays accepted (the client's acceptance, time and address, is history) and says so.
 */
const dealGoneMessage = (status: ProposalStatus) =>
  status === 'accepted' ? PROPOSAL_DEAL_REMOVED_MESSAGE : PROPOSAL_REVOKED_MESSAGE;

/** GET /proposals/{token}: the proposal, or why the link shows none. */
export async function publicProposal(token: string, data: ProposalsData, now: Date): Promise<PublicProposal> {
  const proposal = await proposalOfToken(token, data);
  if (!proposal) return { status: 'invalid', message: PROPOSAL_INVALID_MESSAGE, proposal: null };
  const status = proposalStatus(proposal, now);
  if (status === 'revoked' || status === 'expired') return { status, message: REFUSALS[status], proposal: null };
  // The deal was deleted: its sent proposals were revoked with it (or are read so, had that step not run); an
  // accepted one stays accepted, without the offer of a deal that is gone.
  if (!(await data.deals.get(proposal.dealId))) {
    return status === 'accepted'
      ? { status, message: dealGoneMessage(status), proposal: null }
      : { status: 'revoked', message: REFUSALS.revoked, proposal: null };
  }
  return {
    status,
    message: status === 'accepted' ? PROPOSAL_ALREADY_ACCEPTED_MESSAGE : null,
    proposal: viewOf(proposal, now),
  };
}

/**
 * POST /proposals/{token}/accept: the proposal accepted with the time and source address, on the deal's trail, and an
 * available deal moved to pending, all in one transaction with the deal (so its counts and indexes follow). A second
 * accept changes nothing and says so; a revoked, expired or unknown proposal is refused.
 */
export async function acceptProposal(
  token: string,
  sourceIp: string,
  data: ProposalsData,
  now: Date,
): Promise<AcceptProposalResponse> {
  return acceptLoaded(() => proposalOfToken(token, data), sourceIp, data, now);
}

/**
 * The consumer's own deal's proposal by id (the portal's accept and question): another consumer's deal, an unknown
 * deal or a proposal of another deal is a 404, like an unknown id. The proposal is then re-read by its key.
 */
async function consumerProposal(identity: Identity, dealId: string, proposalId: string, data: ProposalsData) {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(dealId)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  const proposal = (await data.proposals.listOfDeal(deal.id)).find((candidate) => candidate.id === proposalId);
  if (!proposal) throw new NotFoundError(PROPOSAL_NOT_FOUND_MESSAGE);
  return proposal;
}

/** POST /consumer/deals/{id}/proposals/{proposalId}/accept: the link's accept, from the portal (same rules, same trail). */
export async function acceptConsumerProposal(
  identity: Identity,
  dealId: string,
  proposalId: string,
  sourceIp: string,
  data: ProposalsData,
  now: Date,
): Promise<AcceptProposalResponse> {
  const { tokenHash } = await consumerProposal(identity, dealId, proposalId, data);
  return acceptLoaded(() => data.proposals.getByTokenHash(tokenHash), sourceIp, data, now);
}

async function acceptLoaded(
  load: () => Promise<Proposal | null>,
  sourceIp: string,
  data: ProposalsData,
  now: Date,
): Promise<AcceptProposalResponse> {
  for (let attempt = 0; attempt < ACCEPT_ATTEMPTS; attempt++) {
    const proposal = await load();
    if (!proposal) throw new NotFoundError(PROPOSAL_INVALID_MESSAGE);
    const deal = await data.deals.get(proposal.dealId);
    const status = proposalStatus(proposal, now);
    if (!deal) throw new ConflictError(dealGoneMessage(status));
    if (status === 'accepted') {
      return {
        status: 'accepted',
        acceptedAt: proposal.acceptedAt ?? now.toISOString(),
        alreadyAccepted: true,
        message: PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
      };
    }
    if (status !== 'sent') throw new ConflictError(REFUSALS[status]);

    const moves = deal.status === 'available';
    const snapshot = proposal.snapshot as ProposalSnapshot;
    const accepted = await data.deals.replaceWithReceipt(
      deal,
      moves ? { ...deal, status: 'pending' } : deal,
      {
        id: ulid(now.getTime()),
        kind: 'proposal_accepted',
        at: now.toISOString(),
        actorName: snapshot.clientName ?? 'The client',
        changes: [
          ...(moves ? [{ field: 'status', before: deal.status, after: 'pending' }] : []),
          { field: 'proposalId', before: null, after: proposal.id },
          { field: 'acceptedFromIp', before: null, after: sourceIp },
        ],
      },
      data.proposals.acceptOperation(proposal.tokenHash, now, sourceIp),
    );
    if (accepted) {
      return { status: 'accepted', acceptedAt: now.toISOString(), alreadyAccepted: false, message: 'Proposal accepted' };
    }
    // The deal was saved meanwhile, or the proposal changed (accepted, revoked): read both again.
  }
  throw new ConflictError(DEAL_CHANGED_MESSAGE);
}

/** The broker's e-mail about a client's question. */
export function questionEmail(input: { clientName: string; snapshot: ProposalSnapshot; question: string; dealUrl: string }) {
  const { vehicle } = input.snapshot;
  const car = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
  return {
    subject: `${input.clientName} has a question about the ${car} proposal`,
    text: [
      `${input.clientName} asked about the proposal for the ${car} (${formatMoneyCents(input.snapshot.monthlyPayment)}/mo, ${input.snapshot.termMonths} months):`,
      '',
      input.question,
      '',
      `The deal: ${input.dealUrl}`,
    ].join('\n'),
  };
}

/**
 * POST /proposals/{token}/questions: the question goes on the deal's trail and, through the outbox, to the broker's
 * e-mail, written together; sent now or retried by the job. Refused on a revoked or expired proposal.
 */
export async function askQuestion(
  token: string,
  question: string,
  data: ProposalsData,
  notifiers: { mailer: Pick<Mailer, 'sendEmail'>; appUrl: string },
  now: Date,
): Promise<{ received: true; delivery: DeliveryStatus }> {
  return askAbout(await proposalOfToken(token, data), question, data, notifiers, now);
}

/** POST /consumer/deals/{id}/proposals/{proposalId}/questions: the link's question, from the portal. */
export async function askConsumerQuestion(
  identity: Identity,
  dealId: string,
  proposalId: string,
  question: string,
  data: ProposalsData,
  notifiers: { mailer: Pick<Mailer, 'sendEmail'>; appUrl: string },
  now: Date,
): Promise<{ received: true; delivery: DeliveryStatus }> {
  return askAbout(await consumerProposal(identity, dealId, proposalId, data), question, data, notifiers, now);
}

async function askAbout(
  proposal: Proposal | null,
  question: string,
  data: ProposalsData,
  notifiers: { mailer: Pick<Mailer, 'sendEmail'>; appUrl: string },
  now: Date,
): Promise<{ received: true; delivery: DeliveryStatus }> {
  if (!proposal) throw new NotFoundError(PROPOSAL_INVALID_MESSAGE);
  const status = proposalStatus(proposal, now);
  if (status === 'revoked' || status === 'expired') throw new ConflictError(REFUSALS[status]);
  const deal = await data.deals.get(proposal.dealId);
  if (!deal) throw new ConflictError(dealGoneMessage(status));

  const snapshot = proposal.snapshot as ProposalSnapshot;
  const clientName = snapshot.clientName ?? 'Your client';
  const broker = await brokerContact(data, deal.brokerId);
  const at = now.toISOString();
  const activity = {
    id: ulid(now.getTime()),
    kind: 'proposal_question' as const,
    at,
    actorName: clientName,
    changes: [
      { field: 'proposalId', before: null, after: proposal.id },
      { field: 'question', before: null, after: question },
    ],
  };
  if (!broker.email) {
    await data.proposals.recordQuestion(deal.id, activity);
    return { received: true, delivery: 'failed' };
  }
  const email = questionEmail({ clientName, snapshot, question, dealUrl: `${notifiers.appUrl}/deals/${deal.id}` });
  const outgoing = newOutboxMessage({ channel: 'email', to: broker.email, ...email }, now);
  await data.proposals.recordQuestion(deal.id, activity, outgoing);
  const delivery = await deliverNow(outgoing, { outbox: data.outbox, senders: notifiers }, now);
  return { received: true, delivery: delivery.status };
}
