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
  PROPOSAL_DEAL_CLOSED_MESSAGE,
  PROPOSAL_DEAL_REMOVED_MESSAGE,
  PROPOSAL_OFFER_CLOSED_MESSAGE,
  PROPOSAL_REPLACED_MESSAGE,
  PROPOSAL_WITHDRAWN_MESSAGE,
  PROPOSAL_EXPIRED_MESSAGE,
  PROPOSAL_INVALID_MESSAGE,
  PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_NOT_REVOCABLE_MESSAGE,
  PROPOSAL_REVOKED_MESSAGE,
  type AcceptProposalResponse,
  type ConsumerProposals,
  type CreateProposalResponse,
  type DealProposals,
  type ProposalDelivery,
  type ProposalSnapshot,
  type ProposalSummary,
  type ProposalView,
  type PublicProposal,
} from '@shared/proposals/api';
import type { ProposalStatus } from '@shared/proposals/enums';
import {
  PROPOSAL_LINK_DAYS,
  dealTakesProposals,
  isProposalToken,
  mayShareProposal,
  proposalDestination,
  proposalForClient,
  proposalSnapshot,
  proposalStatus,
  proposalUrl,
} from '@shared/proposals/rules';
import { wantsEmail } from '@shared/notifications/kinds';
import { formatDate, formatMoneyCents } from '@shared/format';
import type { Identity } from '@functions/lib/auth-context';
import { newCreditApplicationToken } from '@functions/domain/deals/credit-application-links';
import { callerOf, visibleDeal } from '@functions/domain/deals/visibility';
import { addDays } from '@functions/lib/dates';
import { ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import type { Mailer } from '@functions/lib/mailer';
import { notify } from '@functions/domain/notifications/notify';
import { deliverNow, newOutboxMessage, type DeliveryStatus, type Senders } from '@functions/lib/outbox';
import type { OutboxMessage } from '@functions/lib/data/outbox-store';
import type { Deal } from '@functions/domain/deals/deals';
import type { ProposalsData } from './data';
import { proposalDeliveryRecord } from './data/proposal';
import type { Proposal } from './data/proposals';

/** Tries of an accept that lost its deal write to another save (each re-reads the deal). */
const ACCEPT_ATTEMPTS = 3;
/** Tries of a share that lost to another share, or to an accept, of the same deal (each re-reads the proposals). */
const SHARE_ATTEMPTS = 3;

/** What sends a proposal to its client and tells its broker: the outbox's senders and the app's address for links. */
export type Notifiers = Senders & { appUrl: string };

/**
 * The state a reader sees, given the deal as it is now: a sent proposal made out to another client than the deal's
 * reads `withdrawn` (the deal was moved; docs/decisions.md, "Proposals"), whether or not the deal's write has marked it
 * so yet, so an offer never reaches anyone but the client it was made for.
 */
function statusWith(proposal: Proposal, deal: Pick<Deal, 'clientId'> | null, now: Date): ProposalStatus {
  const status = proposalStatus(proposal, now);
  if (deal && status === 'sent' && !proposalForClient(proposal, deal)) return 'withdrawn';
  return status;
}

/** The stored key of a token: its SHA-256, so a copy of the table opens no proposal. */
export function hashProposalToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function summaryOf(proposal: Proposal, now: Date, deal: Pick<Deal, 'clientId'> | null = null): ProposalSummary {
  const snapshot = proposal.snapshot as ProposalSnapshot;
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
  };
}

function viewOf(proposal: Proposal, now: Date, deal: Pick<Deal, 'clientId'> | null = null): ProposalView {
  return {
    id: proposal.id,
    status: statusWith(proposal, deal, now),
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

/** The client's e-mail or text carrying the proposal's link. */
export function proposalMessage(input: {
  clientName: string | null;
  snapshot: ProposalSnapshot;
  url: string;
  validUntil: string;
}) {
  const { vehicle, brokerName } = input.snapshot;
  const car = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
  const terms = `${formatMoneyCents(input.snapshot.monthlyPayment)}/mo for ${input.snapshot.termMonths} months`;
  return {
    subject: `Your proposal for the ${car} from ${brokerName}`,
    text: [
      `Hello ${input.clientName ?? 'there'},`,
      '',
      `${brokerName} sent you a proposal for the ${car}: ${terms}.`,
      '',
      `Read it, accept it or ask a question here (the link works until ${formatDate(input.validUntil)}):`,
      input.url,
      '',
      'A newer proposal from your broker replaces this one.',
    ].join('\n'),
    sms: `${brokerName} sent you a proposal for the ${car} (${terms}): ${input.url}`,
  };
}

/**
 * POST /deals/{id}/proposals: a new snapshot of the deal's offer, sent to the client's e-mail on file (else a text to
 * their phone) through the outbox, and its link (shown this once). It replaces the deal's earlier sent proposals in the
 * same transaction (docs/decisions.md, "Proposals"). A closed or not-sold deal takes none (409).
 */
export async function createProposal(
  identity: Identity,
  dealId: string,
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
  const snapshot = proposalSnapshot(deal, { brokerName: broker.name, dealershipName: dealership?.name ?? null, clientName });
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

/** The proposal a token names, with its deal, or null (malformed, unknown, or the deal is gone). */
async function proposalOfToken(token: string, data: ProposalsData) {
  if (!isProposalToken(token)) return null;
  const proposal = await data.proposals.getByTokenHash(hashProposalToken(token));
  return proposal;
}

const REFUSALS = {
  revoked: PROPOSAL_REVOKED_MESSAGE,
  replaced: PROPOSAL_REPLACED_MESSAGE,
  withdrawn: PROPOSAL_WITHDRAWN_MESSAGE,
  expired: PROPOSAL_EXPIRED_MESSAGE,
} as const;
type Refused = keyof typeof REFUSALS;
const isRefused = (status: ProposalStatus): status is Refused => status in REFUSALS;

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
 * accept changes nothing and says so; a revoked, expired or unknown proposal is refused.
 */
export async function acceptProposal(
  token: string,
  sourceIp: string,
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<AcceptProposalResponse> {
  return acceptLoaded(() => proposalOfToken(token, data), sourceIp, data, notifiers, now);
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
  sourceIp: string,
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<AcceptProposalResponse> {
  const { tokenHash } = await consumerProposal(identity, dealId, proposalId, data);
  return acceptLoaded(() => data.proposals.getByTokenHash(tokenHash), sourceIp, data, notifiers, now);
}

/** The broker's e-mail that a client accepted a proposal. */
export function acceptedEmail(input: { clientName: string; snapshot: ProposalSnapshot; dealUrl: string }) {
  const { vehicle } = input.snapshot;
  const car = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ');
  return {
    subject: `${input.clientName} accepted the ${car} proposal`,
    text: [
      `${input.clientName} accepted your proposal for the ${car} (${formatMoneyCents(input.snapshot.monthlyPayment)}/mo, ${input.snapshot.termMonths} months).`,
      '',
      `The deal: ${input.dealUrl}`,
    ].join('\n'),
  };
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
): Promise<{ writes: ReturnType<ProposalsData['notifications']['writes']>; outgoing: OutboxMessage | null; emailed: boolean }> {
  const notification =
    kind === 'proposal-accepted'
      ? notify.proposalAccepted(deal.brokerId, deal, clientName)
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
  sourceIp: string,
  data: ProposalsData,
  notifiers: Notifiers,
  now: Date,
): Promise<AcceptProposalResponse> {
  for (let attempt = 0; attempt < ACCEPT_ATTEMPTS; attempt++) {
    const proposal = await load();
    if (!proposal) throw new NotFoundError(PROPOSAL_INVALID_MESSAGE);
    const deal = await data.deals.get(proposal.dealId);
    const status = statusWith(proposal, deal, now);
    if (!deal) throw new ConflictError(dealGoneMessage(status));
    if (status === 'accepted') {
      return {
        status: 'accepted',
        acceptedAt: proposal.acceptedAt ?? now.toISOString(),
        alreadyAccepted: true,
        message: PROPOSAL_ALREADY_ACCEPTED_MESSAGE,
      };
    }
    if (isRefused(status)) throw new ConflictError(REFUSALS[status]);
    if (!dealTakesProposals(deal)) throw new ConflictError(PROPOSAL_OFFER_CLOSED_MESSAGE);

    const moves = deal.status === 'available';
    const snapshot = proposal.snapshot as ProposalSnapshot;
    const clientName = snapshot.clientName ?? 'Your client';
    const notice = await brokerNotice(
      data,
      deal,
      'proposal-accepted',
      clientName,
      acceptedEmail({ clientName, snapshot, dealUrl: `${notifiers.appUrl}/deals/${deal.id}` }),
      now,
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
        ],
      },
      data.proposals.acceptOperation(proposal.tokenHash, now, sourceIp),
      // The broker's bell and e-mail exist exactly when the acceptance does (never twice on a retried accept).
      notice.writes,
    );
    if (accepted) {
      if (notice.outgoing) await deliverNow(notice.outgoing, { outbox: data.outbox, senders: notifiers }, now);
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
  const deal = await data.deals.get(proposal.dealId);
  const status = statusWith(proposal, deal, now);
  if (isRefused(status)) throw new ConflictError(REFUSALS[status]);
  if (!deal) throw new ConflictError(dealGoneMessage(status));

  const snapshot = proposal.snapshot as ProposalSnapshot;
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
