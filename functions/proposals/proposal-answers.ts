/**
 * The client's side of a proposal (docs/decisions.md, "Proposals"), by link or in the portal: reading it, accepting it
 * (the time and source address on the deal's activity trail, an available deal moved to pending, in the deal's own
 * transaction) and asking a question (e-mailed to the broker through the outbox and recorded on the trail).
 */
import { ulid } from 'ulid';
import { DEAL_CHANGED_MESSAGE, DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import {
  PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
  PROPOSAL_OFFER_CLOSED_MESSAGE,
  PROPOSAL_INVALID_MESSAGE,
  PROPOSAL_NOT_FOUND_MESSAGE,
  type AcceptProposalResponse,
  type ConsumerProposals,
  type PublicProposal,
} from '@shared/proposals/api';
import { dealTakesProposals, proposalForClient, proposalStatus } from '@shared/proposals/rules';
import { acceptedOptionOf, proposalOptionName } from '@shared/proposals/options';
import { wantsEmail } from '@shared/notifications/kinds';
import type { Identity } from '@functions/lib/auth-context';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import type { Mailer } from '@functions/lib/mailer';
import { notify } from '@functions/domain/notifications/notify';
import { deliverNow, newOutboxMessage, type DeliveryStatus } from '@functions/lib/outbox';
import type { OutboxMessage } from '@functions/lib/data/outbox-store';
import type { Deal } from '@functions/domain/deals/deals';
import type { ProposalsData } from './data';
import type { Proposal } from './data/proposals';
import { acceptedEmail, questionEmail } from './proposal-messages';
import {
  REFUSALS,
  brokerContact,
  dealGoneMessage,
  isRefused,
  proposalOfToken,
  snapshotOf,
  statusWith,
  viewOf,
  type Notifiers,
} from './proposal-views';

/** Tries of an accept that lost its deal write to another save (each re-reads the deal). */
const ACCEPT_ATTEMPTS = 3;

/** GET /consumer/deals/{id}/proposals: the consumer's own deal's proposals that stand (sent or accepted). */
export async function consumerProposals(
  identity: Identity,
  dealId: string,
  data: ProposalsData,
  now: Date,
): Promise<ConsumerProposals> {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(dealId)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  // Only what was made out to this client: a proposal made for the deal's previous client is not theirs to read.
  const proposals = (await data.proposals.listOfDeal(deal.id))
    .filter((proposal) => proposalForClient(proposal, deal))
    .map((proposal) => viewOf(proposal, now, deal));
  return { proposals: proposals.filter((proposal) => proposal.status === 'sent' || proposal.status === 'accepted') };
}

/** GET /proposals/{token}: the proposal, or why the link shows none. */
export async function publicProposal(token: string, data: ProposalsData, now: Date): Promise<PublicProposal> {
  const proposal = await proposalOfToken(token, data);
  if (!proposal) return { status: 'invalid', message: PROPOSAL_INVALID_MESSAGE, proposal: null };
  const stored = proposalStatus(proposal, now);
  if (isRefused(stored)) return { status: stored, message: REFUSALS[stored], proposal: null };
  // The deal was deleted: its sent proposals were revoked with it (or are read so, had that step not run); an
  // accepted one stays accepted, without the offer of a deal that is gone.
  const deal = await data.deals.get(proposal.dealId);
  if (!deal) {
    return stored === 'accepted'
      ? { status: stored, message: dealGoneMessage(stored), proposal: null }
      : { status: 'revoked', message: REFUSALS.revoked, proposal: null };
  }
  const status = statusWith(proposal, deal, now);
  if (isRefused(status)) return { status, message: REFUSALS[status], proposal: null };
  return {
    status,
    message: status === 'accepted' ? PROPOSAL_ALREADY_ACCEPTED_MESSAGE : null,
    proposal: viewOf(proposal, now, deal),
  };
}

/**
 * POST /proposals/{token}/accept: the proposal accepted with the time and source address, on the deal's trail, and an
 * available deal moved to pending, all in one transaction with the deal (so its counts and indexes follow). A second
 * accept changes nothing and says so; a revoked, expired or unknown proposal is refused. `option` names the option
 * taken, required when the proposal has options (docs/decisions.md, "Proposal options").
 */
export async function acceptProposal(
  token: string,
  option: number | undefined,
  sourceIp: string,
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<AcceptProposalResponse> {
  return acceptLoaded(() => proposalOfToken(token, data), option, sourceIp, data, notifiers, now);
}

/**
 * The consumer's own deal's proposal by id (the portal's accept and question): another consumer's deal, an unknown
 * deal or a proposal of another deal is a 404, like an unknown id. The proposal is then re-read by its key.
 */
async function consumerProposal(identity: Identity, dealId: string, proposalId: string, data: ProposalsData) {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(dealId)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  const proposal = (await data.proposals.listOfDeal(deal.id)).find((candidate) => candidate.id === proposalId);
  // A proposal made out to the deal's previous client is not this consumer's: as unknown.
  if (!proposal || !proposalForClient(proposal, deal)) throw new NotFoundError(PROPOSAL_NOT_FOUND_MESSAGE);
  return proposal;
}

/** POST /consumer/deals/{id}/proposals/{proposalId}/accept: the link's accept, from the portal (same rules, same trail). */
export async function acceptConsumerProposal(
  identity: Identity,
  dealId: string,
  proposalId: string,
  option: number | undefined,
  sourceIp: string,
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<AcceptProposalResponse> {
  const { tokenHash } = await consumerProposal(identity, dealId, proposalId, data);
  return acceptLoaded(() => data.proposals.getByTokenHash(tokenHash), option, sourceIp, data, notifiers, now);
}

/**
 * What tells the deal's broker about a client's act on a proposal (docs/decisions.md, "Proposals"): the bell's
 * notification, and the e-mail unless they switched that kind's e-mail off, both for the event's own transaction.
 */
async function brokerNotice(
  data: ProposalsData,
  deal: Deal,
  kind: 'proposal-accepted' | 'proposal-question',
  clientName: string,
  email: { subject: string; text: string },
  now: Date,
  optionName: string | null = null,
): Promise<{ writes: ReturnType<ProposalsData['notifications']['writes']>; outgoing: OutboxMessage | null; emailed: boolean }> {
  const notification =
    kind === 'proposal-accepted'
      ? notify.proposalAccepted(deal.brokerId, deal, clientName, optionName)
      : notify.proposalQuestion(deal.brokerId, deal, clientName);
  const [broker, off] = await Promise.all([brokerContact(data, deal.brokerId), data.notifications.emailOff(deal.brokerId)]);
  const emailed = wantsEmail(off, kind);
  const outgoing = emailed && broker.email ? newOutboxMessage({ channel: 'email', to: broker.email, ...email }, now) : null;
  return {
    writes: [...data.notifications.writes([notification], now), ...(outgoing ? [data.outbox.putTransaction(outgoing)] : [])],
    outgoing,
    emailed,
  };
}

async function acceptLoaded(
  load: () => Promise<Proposal | null>,
  requestedOption: number | undefined,
  sourceIp: string,
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<AcceptProposalResponse> {
  for (let attempt = 0; attempt < ACCEPT_ATTEMPTS; attempt++) {
    const proposal = await load();
    if (!proposal) throw new NotFoundError(PROPOSAL_INVALID_MESSAGE);
    const snapshot = snapshotOf(proposal);
    // The request's own fault first, whatever the proposal's state: the same request always gets the same 400.
    const chosen = acceptedOptionOf(snapshot.options, requestedOption);
    if (!chosen.ok) throw new BadRequestError(chosen.message, { option: chosen.message });
    const deal = await data.deals.get(proposal.dealId);
    const status = statusWith(proposal, deal, now);
    if (!deal) throw new ConflictError(dealGoneMessage(status));
    if (status === 'accepted') {
      // The first accept's option stands, even when this one names another (docs/decisions.md, "Proposal options").
      return {
        status: 'accepted',
        acceptedAt: proposal.acceptedAt ?? now.toISOString(),
        acceptedOption: proposal.acceptedOption ?? null,
        alreadyAccepted: true,
        message: PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
      };
    }
    if (isRefused(status)) throw new ConflictError(REFUSALS[status]);
    if (!dealTakesProposals(deal)) throw new ConflictError(PROPOSAL_OFFER_CLOSED_MESSAGE);

    const moves = deal.status === 'available';
    const clientName = snapshot.clientName ?? 'Your client';
    const optionName = chosen.option === null ? null : proposalOptionName(snapshot.options, chosen.option);
    const notice = await brokerNotice(
      data,
      deal,
      'proposal-accepted',
      clientName,
      acceptedEmail({ clientName, snapshot, optionName, dealUrl: `${notifiers.appUrl}/deals/${deal.id}` }),
      now,
      optionName,
    );
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
          ...(optionName ? [{ field: 'acceptedOption', before: null, after: optionName }] : []),
        ],
      },
      data.proposals.acceptOperation(proposal.tokenHash, now, sourceIp, chosen.option),
      // The broker's bell and e-mail exist exactly when the acceptance does (never twice on a retried accept).
      notice.writes,
    );
    if (accepted) {
      if (notice.outgoing) await deliverNow(notice.outgoing, { outbox: data.outbox, senders: notifiers }, now);
      return {
        status: 'accepted',
        acceptedAt: now.toISOString(),
        acceptedOption: chosen.option,
        alreadyAccepted: false,
        message: 'Proposal accepted',
      };
    }
    // The deal was saved meanwhile, or the proposal changed (accepted, revoked): read both again.
  }
  throw new ConflictError(DEAL_CHANGED_MESSAGE);
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
  const deal = await data.deals.get(proposal.dealId);
  const status = statusWith(proposal, deal, now);
  if (isRefused(status)) throw new ConflictError(REFUSALS[status]);
  if (!deal) throw new ConflictError(dealGoneMessage(status));

  const snapshot = snapshotOf(proposal);
  const clientName = snapshot.clientName ?? 'Your client';
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
  const email = questionEmail({ clientName, snapshot, question, dealUrl: `${notifiers.appUrl}/deals/${deal.id}` });
  const notice = await brokerNotice(data, deal, 'proposal-question', clientName, email, now);
  // The question, the broker's notification and (by their preference) the e-mail, together.
  await data.proposals.recordQuestion(deal.id, activity, notice.writes);
  if (!notice.outgoing) return { received: true, delivery: notice.emailed ? 'failed' : 'sent' };
  const delivery = await deliverNow(notice.outgoing, { outbox: data.outbox, senders: notifiers }, now);
  return { received: true, delivery: delivery.status };
}
