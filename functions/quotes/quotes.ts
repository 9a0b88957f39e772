/**
 * The public quote request: store the lead in one write, then tell the people who answer it and the shopper.
 *
 * The lead is the business write and never depends on the e-mail (architecture.md): it is stored with the new-lead
 * e-mails to every admin and the named agent in the outbox (functions/lib/outbox.ts), in one transaction; they are
 * sent right after, and how that went is recorded on the lead (the inbox shows a failure); one not sent is retried
 * by the outbox's job. A repeated request (same idempotency key) stores nothing, sends nothing and answers the first
 * lead's id. A request that fills the honeypot is answered the same way as a real one, with an id of no lead.
 *
 * The shopper is acknowledged at once by their contact method (./acknowledgement.ts), through the same outbox and in
 * the same transaction, and the agent they picked is assigned to the lead in that transaction when the agent is an
 * approved, licensed broker (whom an admin could assign it to); otherwise the lead waits for an admin or a claim as
 * before. docs/decisions.md, "Quote acknowledgement and the shopper's agent".
 */
import { isLicensedAt } from '@shared/brokers/licence';
import { ulid } from 'ulid';
import {
  QUOTE_VEHICLE_NOT_FOUND_MESSAGE,
  quoteVehicleName,
  type ParsedQuoteRequest,
  type QuoteAgentsResponse,
  type QuoteRequestResponse,
  type QuoteVehicle,
  type QuoteVehicleResponse,
} from '@shared/quotes/api';
import { isListing, isSoldOut } from '@shared/marketplace/inventory';
import { NotFoundError } from '@functions/lib/errors';
import type { Deal } from '@functions/domain/deals/deals';
import { paymentFields, vehicleFields } from '@functions/domain/deals/deal-views';
import { PREFERRED_CONTACT_METHOD_LABELS } from '@shared/quotes/enums';
import { wantsEmail } from '@shared/notifications/kinds';
import { toQuoteLeadRow, type QuoteLeadRow } from '@shared/quotes/lead-row';
import type { QuotesData } from './data';
import type { LeadNotification, ReservedVehicle } from './data/quotes';
import type { logger } from '@functions/lib/logger';
import { leadNotificationRecord } from '@functions/domain/leads/quote-lead';
import { leadAcknowledgementRecord } from '@functions/domain/leads/quote-lead';
import type { BrokerProfile } from '@functions/domain/users/broker-profile';
import type { User } from '@functions/domain/users/user';
import type { Email, Mailer } from '@functions/lib/mailer';
import { deliverNow, newOutboxMessage, type Delivery } from '@functions/lib/outbox';
import type { SmsSender } from '@functions/lib/sms';
import { acknowledgementMessage } from './acknowledgement';

export interface QuoteDeps {
  data: QuotesData;
  mailer: Pick<Mailer, 'sendEmail'>;
  /** The shopper's acknowledgement by text (loaded on the first text only). */
  sms: Pick<SmsSender, 'sendSms'>;
  /** The staff app's address, without a trailing slash: the e-mail links to /leads/{id} there. */
  appUrl: string;
  log: Pick<typeof logger, 'info'>;
}

export async function submitQuoteRequest(request: ParsedQuoteRequest, deps: QuoteDeps, now: Date): Promise<QuoteRequestResponse> {
  const id = ulid(now.getTime());
  if (request.website) {
    // A bot: answered like a person so it learns nothing; nothing stored, no one e-mailed.
    deps.log.info('quote request refused by the honeypot');
    return { id };
  }

  const row = toQuoteLeadRow(request);
  const at = now.toISOString();
  const [admins, agent, reservedVehicle] = await Promise.all([
    deps.data.quotes.admins(),
    row.brokerId ? deps.data.quotes.brokerProfile(row.brokerId) : Promise.resolve(null),
    request.vehicleId ? reservedVehicleOf(request.vehicleId, deps.data) : Promise.resolve(null),
  ]);
  if (request.vehicleId && !reservedVehicle)
    deps.log.info('quote request names no marketplace vehicle', { vehicleId: request.vehicleId });
  const assignee = row.brokerId && agent ? automaticAssignee(agent, now) : null;
  const recipients = await newLeadRecipients(admins, agent, deps);
  const email = newLeadEmail(id, row, deps.appUrl, assignee?.brokerName ?? null, reservedVehicle?.name ?? null);
  const messages = recipients.map((to) =>
    newOutboxMessage({ channel: 'email', to, ...email, record: leadNotificationRecord(id) }, now),
  );
  const notification: LeadNotification =
    messages.length === 0 ? { status: 'failed', error: 'No admin or agent to notify', at } : { status: 'retrying', at };
  const ack = acknowledgementMessage(row, assignee?.brokerName ?? null);
  const ackMessage = newOutboxMessage({ ...ack, record: leadAcknowledgementRecord(id) }, now);
  const outcome = await deps.data.quotes.storeLead(
    {
      id,
      idempotencyKey: request.idempotencyKey,
      row,
      notification,
      acknowledgement: { channel: ack.channel, status: 'retrying', at },
      assignment: assignee ?? undefined,
      reservedVehicle: reservedVehicle ?? undefined,
      messages: [...messages, ackMessage],
    },
    now,
  );
  if (!outcome.stored) return { id: outcome.id };

  const senders = { mailer: deps.mailer, sms: deps.sms };
  // The acknowledgement marks its own record; each staff recipient's outcome is summed up here (the outbox marks
  // the lead only for the messages it retries).
  const [deliveries] = await Promise.all([
    Promise.all(messages.map((message) => deliverNow(message, { outbox: deps.data.outbox, senders, markRecord: false }, now))),
    deliverNow(ackMessage, { outbox: deps.data.outbox, senders }, now),
  ]);
  if (messages.length > 0) await deps.data.quotes.recordNotification(id, leadNotification(deliveries, at));
  return { id };
}

/**
 * The agent the shopper picked, as the lead's assignee, when an admin could assign the lead to them (approved and
 * licensed on a licence not past its expiration date: the inbox's own rule, `isLicensedAt`); otherwise null and the
 * lead follows the admin's assignment as before.
 */
export function automaticAssignee(
  agent: Pick<BrokerProfile, 'userId' | 'isApproved' | 'isLicensed' | 'licenseExpirationDate' | 'fullName' | 'email'>,
  now: Date,
) {
  if (agent.isApproved !== true || !isLicensedAt(agent, now)) return null;
  return { brokerId: agent.userId, brokerName: agent.fullName ?? agent.email ?? agent.userId };
}

/** `failed` (with the first error) when a recipient refused it, `retrying` when one is still to be sent, else `sent`. */
export function leadNotification(deliveries: readonly Delivery[], at: string): LeadNotification {
  const failed = deliveries.find((delivery) => delivery.status === 'failed');
  if (failed) return { status: 'failed', error: failed.error ?? undefined, at };
  const retrying = deliveries.find((delivery) => delivery.status === 'retrying');
  if (retrying) return { status: 'retrying', error: retrying.error ?? undefined, at };
  return { status: 'sent', at };
}

/** The admins' and the named agent's addresses, each once. An agent id that is not an approved broker is skipped. */
async function newLeadRecipients(
  admins: readonly Pick<User, 'email' | 'userId'>[],
  agent: BrokerProfile | null,
  deps: QuoteDeps,
): Promise<string[]> {
  // Each recipient's e-mail preference for waiting leads (docs/decisions.md, "Notifications"; default on).
  const off = await deps.data.notifications.emailOffOf([
    ...admins.map((admin) => admin.userId),
    ...(agent ? [agent.userId] : []),
  ]);
  const wants = (userId: string) => wantsEmail(off.get(userId), 'lead-waiting');
  const addresses = admins.filter((admin) => wants(admin.userId)).map((admin) => admin.email);
  if (agent?.isApproved && agent.email && wants(agent.userId)) addresses.push(agent.email);
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}

/** Who, what car and how to reach them: enough to decide who calls back, the rest is one click away. */
export function newLeadEmail(
  id: string,
  row: QuoteLeadRow,
  appUrl: string,
  assignee: string | null = null,
  reservedVehicle: string | null = null,
): Omit<Email, 'to'> {
  const name = `${row.firstName} ${row.lastName}`;
  const vehicle =
    row.vehiclePreference === 'exact'
      ? [row.exactVehicleYear, row.exactVehicleMake, row.exactVehicleModel, row.exactVehicleTrim].filter(Boolean).join(' ')
      : `Help choosing: ${row.bodyStyle ?? 'any body style'}`;
  const contactBy = row.preferredContactMethod ? PREFERRED_CONTACT_METHOD_LABELS[row.preferredContactMethod] : 'not given';
  const link = `${appUrl.replace(/\/+$/, '')}/leads/${encodeURIComponent(id)}`;
  return {
    subject: `New quote request: ${name}`,
    text: [
      `${name} asked for a quote. We promised a reply by text or e-mail in under 5 minutes.`,
      '',
      ...(reservedVehicle ? [`Reserved from the trending deals: ${reservedVehicle}`] : []),
      `Vehicle: ${vehicle}`,
      `Phone: ${row.phone}`,
      `Email: ${row.email}`,
      `Preferred contact: ${contactBy}`,
      `Zip code: ${row.zipCode}`,
      ...(assignee ? [`Assigned automatically to ${assignee} (the shopper's pick).`] : []),
      '',
      `Open the lead: ${link}`,
    ].join('\n'),
  };
}

/**
 * Pure: whether a shopper may reserve this deal from the public pages: a marketplace listing in the active tab (not
 * archived, not sold out), as the trending embed shows them. A client deal, an archived or sold-out listing, or no
 * deal at all is not one, and answers as an unknown id does.
 */
export function isReservable(deal: Deal | null): deal is Deal {
  return !!deal && !deal.isArchived && isListing(deal) && !isSoldOut(deal);
}

/** What the wizard shows of a reservable vehicle: what its trending card showed. */
export function toQuoteVehicle(deal: Deal): QuoteVehicle {
  return { ...vehicleFields(deal), ...paymentFields(deal), imageUrl: deal.imageUrl ?? null };
}

/** GET /quote-vehicles/{id}: the vehicle, or 404 for any id that is no vehicle a shopper may reserve. */
export async function getQuoteVehicle(id: string, data: QuotesData): Promise<QuoteVehicleResponse> {
  const deal = await data.quotes.vehicle(id);
  if (!isReservable(deal)) throw new NotFoundError(QUOTE_VEHICLE_NOT_FOUND_MESSAGE);
  return { vehicle: toQuoteVehicle(deal) };
}

/** The reserved vehicle a request names, when it is one a shopper may reserve (else null: the lead goes without). */
async function reservedVehicleOf(vehicleId: string, data: QuotesData): Promise<ReservedVehicle | null> {
  const deal = await data.quotes.vehicle(vehicleId);
  return isReservable(deal) ? { id: deal.id, name: quoteVehicleName(toQuoteVehicle(deal)) } : null;
}

/** The approved brokers by full name (case-insensitive), for the wizard's agent dropdown. */
export async function listQuoteAgents(data: QuotesData): Promise<QuoteAgentsResponse> {
  const brokers = await data.quotes.approvedBrokers();
  const agents = brokers
    .filter((broker) => broker.fullName)
    .map((broker) => ({ id: broker.userId, fullName: broker.fullName! }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'en', { sensitivity: 'base' }));
  return { agents };
}
