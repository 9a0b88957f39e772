/**
 * The brokering agreement (docs/decisions.md, "Agreements"). An admin writes the company's text; each save is a new
 * version (the old ones stay readable). When the company setting asks for it, the consumer reads the current version
 * filled in for their deal in the portal, signs it with their typed full name, and only then may pay the concierge fee
 * (functions/payments refuses with 409 until then). The signature keeps the version, the time, the source address,
 * the typed name and the text as signed; it is written once (a conditional put), with the copies e-mailed to the
 * client and the deal's broker through the outbox in the same transaction.
 */
import {
  AGREEMENT_CHANGED_MESSAGE,
  AGREEMENT_NO_CLIENT_EMAIL_MESSAGE,
  AGREEMENT_NOT_WRITTEN_MESSAGE,
  AGREEMENT_OUTDATED_MESSAGE,
  type AgreementVersionsResponse,
  type ConsumerAgreementResponse,
  type CreateAgreementVersionRequest,
  type DealAgreementResponse,
  type SendAgreementResponse,
  type SignAgreementRequest,
} from '@shared/agreements/api';
import { fillAgreement } from '@shared/agreements/rules';
import { isOwnerOrAdmin } from '@shared/auth/ownership';
import { DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { formatDateTime, formatMoneyCents } from '@shared/format';
import type { Identity } from '@functions/lib/auth-context';
import { callerOf, visibleDeal } from '@functions/domain/deals/visibility';
import type { Deal } from '@functions/domain/deals/deals';
import { ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { deliverNow, newOutboxMessage, type Senders } from '@functions/lib/outbox';
import type { AgreementsData } from './data';
import { dealAgreementState } from '@functions/domain/agreements/deal-state';
import type { AgreementSignature, AgreementVersionItem } from '@functions/domain/agreements/agreements';

/** What e-mails the link and the copies: the outbox's mailer and the app's address for the portal link. */
export type Notifiers = Senders & { appUrl: string };

/** Only the deal's broker or an admin sends the client the link. */
export const AGREEMENT_SEND_NOT_YOURS_MESSAGE = "Only the deal's broker or an admin can send the agreement";

const PORTAL_PATH = '/consumer-portal';

function versionView(item: AgreementVersionItem) {
  return { version: item.version, text: item.text, createdAt: item.createdAt, createdByName: item.createdByName };
}

/** GET /admin/agreement: every version, newest first. */
export async function listAgreementVersions(data: AgreementsData): Promise<AgreementVersionsResponse> {
  return { versions: (await data.agreements.versions()).map(versionView) };
}

/**
 * POST /admin/agreement/versions: a new version after `basedOn` (the version the admin edited). Another admin's save
 * since is a 409, never a silent overwrite; the version number itself is taken by a conditional put.
 */
export async function createAgreementVersion(
  identity: Identity,
  input: CreateAgreementVersionRequest,
  data: AgreementsData,
  now: Date,
) {
  const [current, user] = await Promise.all([data.agreements.current(), data.users.get(identity.userId)]);
  if ((current?.version ?? null) !== input.basedOn) throw new ConflictError(AGREEMENT_CHANGED_MESSAGE);
  const item: AgreementVersionItem = {
    version: (current?.version ?? 0) + 1,
    text: input.text,
    createdAt: now.toISOString(),
    createdById: identity.userId,
    createdByName: user?.fullName ?? identity.email,
  };
  if (!(await data.agreements.addVersion(item))) throw new ConflictError(AGREEMENT_CHANGED_MESSAGE);
  return versionView(item);
}

async function brokerContact(data: AgreementsData, brokerId: string) {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(brokerId), data.users.get(brokerId)]);
  return { name: profile?.fullName ?? user?.fullName ?? 'Your broker', email: profile?.email ?? user?.email ?? null };
}

function vehicleOf(deal: Pick<Deal, 'year' | 'make' | 'model'>): string {
  return `${deal.year} ${deal.make} ${deal.model}`;
}

/** The current version's text filled in for `deal`. */
function filledText(text: string, deal: Deal, clientName: string, brokerName: string): string {
  return fillAgreement(text, {
    client: clientName,
    broker: brokerName,
    vehicle: vehicleOf(deal),
    fee: formatMoneyCents(deal.conciergeFee ?? 0),
  });
}

/** GET /deals/{id}/agreement: where the deal's agreement stands, for staff who see the deal. */
export async function dealAgreement(identity: Identity, dealId: string, data: AgreementsData): Promise<DealAgreementResponse> {
  const deal = await visibleDeal(await callerOf(identity, data), dealId, data);
  return dealAgreementState(deal, data);
}

/** POST /deals/{id}/agreement/send: e-mails the deal's client the portal link (the deal's broker or an admin). */
export async function sendAgreement(
  identity: Identity,
  dealId: string,
  data: AgreementsData,
  notifiers: Notifiers,
  now: Date,
): Promise<SendAgreementResponse> {
  const deal = await visibleDeal(await callerOf(identity, data), dealId, data);
  if (!isOwnerOrAdmin(identity, deal.brokerId)) throw new ForbiddenError(AGREEMENT_SEND_NOT_YOURS_MESSAGE);
  const [client, current, broker] = await Promise.all([
    deal.clientId ? data.clients.get(deal.clientId) : Promise.resolve(null),
    data.agreements.current(),
    brokerContact(data, deal.brokerId),
  ]);
  if (!current) throw new ConflictError(AGREEMENT_NOT_WRITTEN_MESSAGE);
  if (!client?.email) throw new ConflictError(AGREEMENT_NO_CLIENT_EMAIL_MESSAGE);
  const message = newOutboxMessage(
    {
      channel: 'email',
      to: client.email,
      subject: `Your brokering agreement for the ${vehicleOf(deal)}`,
      text: [
        `Hello ${client.fullName},`,
        '',
        `${broker.name} asks you to read and sign the brokering agreement for the ${vehicleOf(deal)} in your portal:`,
        `${notifiers.appUrl}${PORTAL_PATH}`,
      ].join('\n'),
    },
    now,
  );
  await data.agreements.markSent(deal.id, client.id, message, data.outbox);
  const delivery = await deliverNow(message, { outbox: data.outbox, senders: notifiers }, now);
  return { to: client.email, status: delivery.status, error: delivery.error, agreement: await dealAgreementState(deal, data) };
}

/** The consumer's own deal (through their client); any other deal is a 404. */
async function consumerDeal(identity: Identity, dealId: string, data: AgreementsData) {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(dealId)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  return { client, deal };
}

function signatureView(signature: AgreementSignature | null) {
  return signature ? { version: signature.version, signedAt: signature.signedAt, signedName: signature.signedName } : null;
}

/** GET /consumer/deals/{id}/agreement: the current version filled in for the consumer's deal; the first read marks it viewed. */
export async function consumerAgreement(
  identity: Identity,
  dealId: string,
  data: AgreementsData,
  now: Date,
): Promise<ConsumerAgreementResponse> {
  const { client, deal } = await consumerDeal(identity, dealId, data);
  const [required, current, signature, broker] = await Promise.all([
    data.settings.requireSignedAgreement(),
    data.agreements.current(),
    data.agreements.signature(deal.id, client.id),
    brokerContact(data, deal.brokerId),
  ]);
  if (current && !signature) await data.agreements.markViewed(deal.id, client.id, now.toISOString());
  return {
    required,
    version: current?.version ?? null,
    text: current ? filledText(current.text, deal, client.fullName, broker.name) : null,
    signature: signatureView(signature),
  };
}

/** The signed copy, for the client and the broker alike. */
export function signedCopyEmail(input: { vehicle: string; signedName: string; signedAt: string; version: number; text: string }) {
  return {
    subject: `Signed brokering agreement for the ${input.vehicle}`,
    text: [
      `${input.signedName} signed the brokering agreement (version ${input.version}) on ${formatDateTime(input.signedAt)}.`,
      '',
      'The agreement as signed:',
      '',
      input.text,
    ].join('\n'),
  };
}

/**
 * POST /consumer/deals/{id}/agreement/signature: the consumer signs the version they read (a newer one saved since
 * is a 409). Signing again answers the signature already recorded, unchanged (one signature per deal and client).
 */
export async function signAgreement(
  identity: Identity,
  dealId: string,
  input: SignAgreementRequest,
  sourceIp: string,
  data: AgreementsData,
  notifiers: Notifiers,
  now: Date,
): Promise<ConsumerAgreementResponse> {
  const { client, deal } = await consumerDeal(identity, dealId, data);
  const [required, current, existing, broker] = await Promise.all([
    data.settings.requireSignedAgreement(),
    data.agreements.current(),
    data.agreements.signature(deal.id, client.id),
    brokerContact(data, deal.brokerId),
  ]);
  if (!current) throw new ConflictError(AGREEMENT_NOT_WRITTEN_MESSAGE);
  const answer = (signature: AgreementSignature) => ({
    required,
    version: current.version,
    text: filledText(current.text, deal, client.fullName, broker.name),
    signature: signatureView(signature),
  });
  if (existing) return answer(existing);
  if (input.version !== current.version) throw new ConflictError(AGREEMENT_OUTDATED_MESSAGE);

  const signature: AgreementSignature = {
    dealId: deal.id,
    clientId: client.id,
    version: current.version,
    text: filledText(current.text, deal, client.fullName, broker.name),
    signedName: input.fullName,
    signedAt: now.toISOString(),
    sourceIp,
    userId: identity.userId,
  };
  const copy = signedCopyEmail({ vehicle: vehicleOf(deal), ...signature });
  const recipients = [client.email ?? identity.email, broker.email].filter((to): to is string => !!to);
  const copies = recipients.map((to) => newOutboxMessage({ channel: 'email', to, subject: copy.subject, text: copy.text }, now));
  if (!(await data.agreements.sign(signature, copies, data.outbox))) {
    // Signed meanwhile (a double click, another tab): the one signature recorded stands.
    const winner = await data.agreements.signature(deal.id, client.id);
    if (winner) return answer(winner);
    throw new ConflictError(AGREEMENT_CHANGED_MESSAGE);
  }
  for (const message of copies) await deliverNow(message, { outbox: data.outbox, senders: notifiers, markRecord: false }, now);
  return answer(signature);
}
