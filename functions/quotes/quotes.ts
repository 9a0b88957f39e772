/**
 * The public quote request: store the lead in one write, then tell the people who answer it.
 *
 * The lead is the business write and never depends on the e-mail (architecture.md): it is stored first; the
 * new-lead e-mail to every admin and the named agent follows, and how that went is recorded on the lead (the inbox
 * shows a failure). A repeated request (same idempotency key) stores nothing, sends nothing and answers the first
 * lead's id. A request that fills the honeypot is answered the same way as a real one, with an id of no lead.
 */
import { ulid } from 'ulid';
import type { ParsedQuoteRequest, QuoteAgentsResponse, QuoteRequestResponse } from '@shared/quotes/api';
import { PREFERRED_CONTACT_METHOD_LABELS } from '@shared/quotes/enums';
import { toQuoteLeadRow, type QuoteLeadRow } from '@shared/quotes/lead-row';
import type { QuotesData } from './data';
import type { LeadNotification } from './data/quotes';
import type { logger } from '@functions/lib/logger';
import type { Email, Mailer } from '@functions/lib/mailer';

export interface QuoteDeps {
  data: QuotesData;
  mailer: Pick<Mailer, 'sendEmail'>;
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
  const outcome = await deps.data.quotes.storeLead({ id, idempotencyKey: request.idempotencyKey, row }, now);
  if (!outcome.stored) return { id: outcome.id };

  const notification = await notifyNewLead(id, row, deps, now);
  await deps.data.quotes.recordNotification(id, notification);
  return { id };
}

/** E-mails every admin and the named agent; `failed` (with the first error) when any of them could not be sent to. */
async function notifyNewLead(id: string, row: QuoteLeadRow, deps: QuoteDeps, now: Date): Promise<LeadNotification> {
  const at = now.toISOString();
  const recipients = await newLeadRecipients(row, deps);
  if (recipients.length === 0) return { status: 'failed', error: 'No admin or agent to notify', at };

  const email = newLeadEmail(id, row, deps.appUrl);
  const results = await Promise.all(recipients.map((to) => deps.mailer.sendEmail({ ...email, to })));
  const failure = results.find((result) => !result.ok);
  return failure && !failure.ok ? { status: 'failed', error: failure.error, at } : { status: 'sent', at };
}

/** The admins' and the named agent's addresses, each once. An agent id that is not an approved broker is skipped. */
async function newLeadRecipients(row: QuoteLeadRow, deps: QuoteDeps): Promise<string[]> {
  const [admins, agent] = await Promise.all([
    deps.data.quotes.admins(),
    row.brokerId ? deps.data.quotes.brokerProfile(row.brokerId) : Promise.resolve(null),
  ]);
  const addresses = admins.map((admin) => admin.email);
  if (agent?.isApproved && agent.email) addresses.push(agent.email);
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}

/** Who, what car and how to reach them: enough to decide who calls back, the rest is one click away. */
export function newLeadEmail(id: string, row: QuoteLeadRow, appUrl: string): Omit<Email, 'to'> {
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
      `Vehicle: ${vehicle}`,
      `Phone: ${row.phone}`,
      `Email: ${row.email}`,
      `Preferred contact: ${contactBy}`,
      `Zip code: ${row.zipCode}`,
      '',
      `Open the lead: ${link}`,
    ].join('\n'),
  };
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
