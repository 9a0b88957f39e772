/**
 * ADF/XML leads in and out (docs/decisions.md, "ADF leads").
 *
 * In (`receiveAdf`): a document posted to an owner's lead address (POST /leads/adf/{token}) is parsed leniently and
 * safely (./adf/adf.ts) and each prospect stored as a new lead in the inbox, source ADF, attributed to the address's
 * dealership (the company's address: no dealership, like a quote request). A prospect the sender names (id and
 * source) is stored once per owner: its dedupe key is put under a not-exists condition in the lead's own transaction,
 * so a resend, even many at once, answers the lead already made.
 *
 * Addresses: an admin regenerates (a new token, the old one dead at once) or revokes an owner's address.
 *
 * Out (`sendToDealer`): the deal as an ADF document e-mailed to its dealership's lead address through the outbox
 * (a down SES is retried by the job), with a "sent to dealer" entry on the deal's activity trail in the same
 * transaction as the message.
 */
import { ulid } from 'ulid';
import {
  ADF_ADDRESS_NOT_FOUND_MESSAGE,
  ADF_COMPANY_OWNER,
  ADF_CONTENT_TYPE_MESSAGE,
  ADF_NO_DEALERSHIP_MESSAGE,
  ADF_NO_DOCUMENT_IN_EMAIL_MESSAGE,
  ADF_NO_LEAD_EMAIL_MESSAGE,
  ADF_OWNER_NOT_FOUND_MESSAGE,
  type AdfAddress,
  type AdfInboundResponse,
  type SendToDealerResponse,
} from '@shared/leads/adf-api';
import { DEAL_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import type { Identity } from '@functions/lib/auth-context';
import { callerOf, canEditDeal, visibleDeal } from '@functions/lib/data/deals/visibility';
import type { Lead } from '@functions/lib/data/stores/leads';
import { TransactionAbortedError } from '@functions/lib/data/transactions';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { requireSenderAllowance } from '@functions/lib/rate-limit';
import { deliverNow, newOutboxMessage, type Senders } from '@functions/lib/outbox';
import {
  ADF_MAX_BYTES,
  ADF_MESSAGES,
  ADF_SOURCE,
  AdfError,
  adfInEmailBody,
  buildAdf,
  parseAdf,
  prospectKey,
  type AdfProspect,
} from './adf/adf';
import { AdfAddressChangedError, adfProspectHash, type AdfAddressItem } from './data/adf';
import type { AdfData, SendToDealerData } from './data/adf-data';

/** The media types the webhook reads; an e-mail body (text/plain) may hold the document among other text. */
const XML_TYPES = new Set(['application/xml', 'text/xml']);
const TEXT_TYPE = 'text/plain';

/** Tries at storing one prospect when its transaction keeps meeting concurrent ones (a burst of resends). */
const STORE_ATTEMPTS = 5;

/** The webhook's path for a token (the web prefixes the API's address). */
export const adfPath = (token: string) => `/leads/adf/${token}`;

/** The ADF document of a request body: the body itself (XML), or the document inside an e-mail body (text). */
export function adfDocumentOf(body: Buffer, contentType: string | undefined): string {
  if (body.length > ADF_MAX_BYTES) throw new BadRequestError(ADF_MESSAGES.tooLarge);
  const mediaType = (contentType ?? TEXT_TYPE).split(';')[0]!.trim().toLowerCase();
  const text = body.toString('utf8');
  if (XML_TYPES.has(mediaType)) return text;
  if (mediaType !== TEXT_TYPE) throw new BadRequestError(ADF_CONTENT_TYPE_MESSAGE);
  if (text.trim() === '') throw new BadRequestError(ADF_MESSAGES.empty);
  const document = adfInEmailBody(text);
  if (!document) throw new BadRequestError(ADF_NO_DOCUMENT_IN_EMAIL_MESSAGE);
  return document;
}

/** Pure: the inbox lead a prospect becomes. */
export function leadOfProspect(
  prospect: AdfProspect,
  context: { id: string; now: Date; dealership: { id: string; name: string } | null },
): Lead {
  const vehicle = prospect.vehicle;
  const exact = !!(vehicle && (vehicle.make || vehicle.model));
  const provider = [prospect.provider?.name, prospect.provider?.url, prospect.vendorName].find((name) => !!name) ?? undefined;
  const key = prospectKey(prospect);
  const lead: Lead = {
    id: context.id,
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    email: prospect.email ?? '',
    phone: prospect.phone ?? '',
    zipCode: prospect.postalCode ?? '',
    vehiclePreference: exact ? 'exact' : 'help',
    ...(exact && vehicle?.year ? { exactVehicleYear: vehicle.year } : {}),
    ...(exact && vehicle?.make ? { exactVehicleMake: vehicle.make } : {}),
    ...(exact && vehicle?.model ? { exactVehicleModel: vehicle.model } : {}),
    ...(exact && vehicle?.trim ? { exactVehicleTrim: vehicle.trim } : {}),
    ...(vehicle?.vin ? { exactVehicleVin: vehicle.vin } : {}),
    ...(vehicle?.stock ? { exactVehicleStock: vehicle.stock } : {}),
    ...(vehicle?.interest?.toLowerCase() === 'lease' ? { leaseOrPurchase: 'lease' } : {}),
    ...(vehicle?.interest?.toLowerCase() === 'buy' ? { leaseOrPurchase: 'purchase' } : {}),
    ...(prospect.amounts.monthly !== undefined ? { monthlyPaymentBudget: prospect.amounts.monthly } : {}),
    ...(prospect.comments ? { additionalNotes: prospect.comments.slice(0, 4000) } : {}),
    createdAt: context.now.toISOString(),
    status: 'new',
    source: 'adf',
    ...(provider ? { adfProvider: provider.slice(0, 200) } : {}),
    ...(key ? { adfProspectId: key.slice(0, 300) } : {}),
    ...(context.dealership ? { dealershipId: context.dealership.id, dealershipName: context.dealership.name } : {}),
  };
  return lead;
}

/** The address's owner and, for a dealership's, the dealership; 404 for an unknown or revoked token. */
async function ownerOf(token: string, data: AdfData) {
  const owner = await data.adf.ownerOfToken(token);
  if (!owner) throw new NotFoundError(ADF_ADDRESS_NOT_FOUND_MESSAGE);
  if (owner === ADF_COMPANY_OWNER) return { owner, dealership: null };
  const dealership = await data.dealerships.get(owner);
  // A deleted dealership's address died with it.
  if (!dealership) throw new NotFoundError(ADF_ADDRESS_NOT_FOUND_MESSAGE);
  return { owner, dealership: { id: dealership.id, name: dealership.name } };
}

/** Stores one prospect as a lead, or answers the lead it already made (a resend). */
async function storeProspect(
  prospect: AdfProspect,
  owner: string,
  dealership: { id: string; name: string } | null,
  data: AdfData,
  now: Date,
): Promise<{ id: string; duplicate: boolean }> {
  const key = prospectKey(prospect);
  const hash = key ? adfProspectHash(owner, key) : null;
  for (let attempt = 1; ; attempt++) {
    if (hash) {
      const existing = await data.adf.leadOfProspect(hash);
      if (existing) return { id: existing, duplicate: true };
    }
    const lead = leadOfProspect(prospect, { id: ulid(now.getTime()), now, dealership });
    try {
      const stored = await data.leads.create(lead, hash ? [data.adf.claimProspect(hash, owner, lead.id, now)] : []);
      if (stored) return { id: lead.id, duplicate: false };
      // The dedupe key's condition failed: another request stored this prospect in between (read it next turn).
    } catch (error) {
      // Conflicts on the same items (the new-lead counters, the dedupe key) outlasted commit's own retries.
      if (!(error instanceof TransactionAbortedError)) throw error;
    }
    if (attempt >= STORE_ATTEMPTS) throw new ConflictError('This lead is being received right now. Please try again.');
  }
}

/** POST /leads/adf/{token}: each prospect of the document as a lead, in document order. */
export async function receiveAdf(
  token: string,
  body: Buffer,
  contentType: string | undefined,
  data: AdfData,
  now: Date,
): Promise<AdfInboundResponse> {
  const { owner, dealership } = await ownerOf(token, data);
  let prospects: AdfProspect[];
  try {
    prospects = parseAdf(adfDocumentOf(body, contentType));
  } catch (error) {
    if (error instanceof AdfError) throw new BadRequestError(error.message);
    throw error;
  }
  const leads: AdfInboundResponse['leads'] = [];
  for (const prospect of prospects) leads.push(await storeProspect(prospect, owner, dealership, data, now));
  return { leads };
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses (admins).

const addressView = (owner: string, item: AdfAddressItem | null): AdfAddress => ({
  owner,
  path: item ? adfPath(item.token) : null,
  createdAt: item?.createdAt ?? null,
});

async function ensureOwner(owner: string, data: AdfData): Promise<void> {
  if (owner === ADF_COMPANY_OWNER) return;
  if (!(await data.dealerships.get(owner))) throw new NotFoundError(ADF_OWNER_NOT_FOUND_MESSAGE);
}

/** GET /adf-inbound/{owner}. */
export async function getAdfAddress(owner: string, data: AdfData): Promise<AdfAddress> {
  await ensureOwner(owner, data);
  return addressView(owner, await data.adf.address(owner));
}

const changedConflict = () => new ConflictError('Someone else changed this lead address at the same moment. Please try again.');

/** POST /adf-inbound/{owner}/regenerate: a new token; the previous one answers 404 from now on. */
export async function regenerateAdfAddress(owner: string, data: AdfData, now: Date): Promise<AdfAddress> {
  await ensureOwner(owner, data);
  try {
    return addressView(owner, await data.adf.regenerate(owner, await data.adf.address(owner), now));
  } catch (error) {
    if (error instanceof AdfAddressChangedError) throw changedConflict();
    throw error;
  }
}

/** DELETE /adf-inbound/{owner}: revokes the address (revoking none is a no-op). */
export async function revokeAdfAddress(owner: string, data: AdfData): Promise<AdfAddress> {
  await ensureOwner(owner, data);
  const current = await data.adf.address(owner);
  if (current) {
    try {
      await data.adf.revoke(current);
    } catch (error) {
      if (error instanceof AdfAddressChangedError) throw changedConflict();
      throw error;
    }
  }
  return addressView(owner, null);
}

// ---------------------------------------------------------------------------------------------------------------
// Out: "Send to dealer".

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
