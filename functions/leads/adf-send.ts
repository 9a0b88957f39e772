/**
 * ADF leads out (docs/decisions.md, "ADF leads"): "Send to dealer" e-mails the deal as an ADF document to its
 * dealership's lead address through the outbox (a down SES is retried by the job), with a "sent to dealer" entry on
 * the deal's activity trail in the same transaction as the message.
 */
import { ulid } from 'ulid';
import { ADF_NO_DEALERSHIP_MESSAGE, ADF_NO_LEAD_EMAIL_MESSAGE, type SendToDealerResponse } from '@shared/leads/adf-api';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import type { Identity } from '@functions/lib/auth-context';
import { callerOf, canEditDeal, visibleDeal } from '@functions/domain/deals/visibility';
import { BadRequestError, ForbiddenError } from '@functions/lib/errors';
import { requireSenderAllowance } from '@functions/lib/rate-limit';
import { deliverNow, newOutboxMessage, type Senders } from '@functions/lib/outbox';
import { ADF_SOURCE, buildAdf } from './adf/adf-write';
import type { SendToDealerData } from './data/adf-data';

/** What the activity trail records: the address it went to. */
export const SENT_TO_DEALER_FIELD = 'sentToDealerEmail';

/**
 * POST /deals/{id}/send-to-dealer: admins, and brokers who may edit the deal (approved, licensed; not a closed deal).
 * 400 when the deal has no dealership or the dealership no lead e-mail address.
 */
export async function sendToDealer(
  identity: Identity,
  dealId: string,
  data: SendToDealerData,
  senders: Senders,
  now: Date,
): Promise<SendToDealerResponse> {
  const caller = await callerOf(identity, data, now);
  const deal = await visibleDeal(caller, dealId, data);
  if (!canEditDeal(caller, deal)) throw new ForbiddenError(DEAL_NOT_YOURS_MESSAGE);
  const dealership = deal.dealershipId ? await data.dealerships.get(deal.dealershipId) : null;
  if (!dealership) throw new BadRequestError(ADF_NO_DEALERSHIP_MESSAGE);
  if (!dealership.leadEmail) throw new BadRequestError(ADF_NO_LEAD_EMAIL_MESSAGE);

  const [client, profile, user] = await Promise.all([
    deal.clientId ? data.clients.get(deal.clientId) : Promise.resolve(null),
    data.users.getBrokerProfile(deal.brokerId),
    data.users.get(deal.brokerId),
  ]);
  const { firstName, lastName } = splitName(client?.fullName ?? deal.clientName ?? 'LeaseDesk client');
  const document = buildAdf({
    id: deal.id,
    requestDate: now.toISOString(),
    customer: { firstName, lastName, email: client?.email ?? null, phone: client?.phone ?? null },
    vehicle: {
      year: deal.year ?? null,
      make: deal.make ?? null,
      model: deal.model ?? null,
      trim: deal.trim ?? null,
      vin: deal.vin ?? null,
      stock: deal.stockNumber ?? null,
    },
    monthlyPayment: deal.monthlyPayment ?? null,
    downPayment: deal.downPayment ?? null,
    termMonths: deal.termMonths ?? null,
    comments: null,
    vendorName: ADF_SOURCE,
    broker: {
      fullName: profile?.fullName ?? user?.fullName ?? 'LeaseDesk broker',
      email: profile?.email ?? user?.email ?? null,
      phone: profile?.phone ?? null,
    },
  });
  await requireSenderAllowance(data.senders, 'POST /deals/{id}/send-to-dealer', identity.userId, 'deals to dealers', now);
  const vehicle = [deal.year, deal.make, deal.model].filter(Boolean).join(' ');
  const message = newOutboxMessage(
    {
      channel: 'email',
      to: dealership.leadEmail,
      subject: `ADF lead: ${vehicle} lease for ${firstName} ${lastName}`.trim(),
      text: document,
    },
    now,
  );
  await data.sentToDealer.record(
    deal.id,
    {
      id: ulid(now.getTime()),
      kind: 'sent_to_dealer',
      at: now.toISOString(),
      actorId: caller.userId,
      actorName: caller.name,
      changes: [{ field: SENT_TO_DEALER_FIELD, before: null, after: dealership.leadEmail }],
    },
    message,
  );
  const delivery = await deliverNow(message, { outbox: data.outbox, senders }, now);
  return { sentTo: dealership.leadEmail, delivery: delivery.status };
}

/** "Mary Ann Smith" -> first "Mary Ann", last "Smith" (a single word is the first name). */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}
