/**
 * ADF/XML leads in (docs/decisions.md, "ADF leads"): a document posted to an owner's lead address
 * (POST /leads/adf/{token}, `receiveAdf`) is parsed leniently and safely (./adf/adf.ts) and each prospect stored as a
 * new lead in the inbox, source ADF, attributed to the address's dealership (the company's address: no dealership,
 * like a quote request). A prospect the sender names (id and source) is stored once per owner: its dedupe key is put
 * under a not-exists condition in the lead's own transaction, so a resend, even many at once, answers the lead
 * already made.
 *
 * The addresses themselves are adf-addresses.ts; a deal sent out to its dealer is adf-send.ts.
 */
import { ulid } from 'ulid';
import {
  ADF_ADDRESS_NOT_FOUND_MESSAGE,
  ADF_COMPANY_OWNER,
  ADF_CONTENT_TYPE_MESSAGE,
  ADF_NO_DOCUMENT_IN_EMAIL_MESSAGE,
  type AdfInboundResponse,
} from '@shared/leads/adf-api';
import type { Lead } from '@functions/domain/leads/leads';
import { commit, TransactionAbortedError, type WriteOperation } from '@functions/lib/data/transactions';
import { notificationWrites, notify } from '@functions/domain/notifications/notify';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import {
  ADF_MAX_BYTES,
  ADF_MESSAGES,
  AdfError,
  adfInEmailBody,
  parseAdf,
  prospectFingerprint,
  prospectKey,
  shopperKeys,
  type AdfProspect,
} from './adf/adf';
import { adfProspectHash, adfShopperHash, type AdfShopperItem } from './data/adf';
import type { AdfData } from './data/adf-data';

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

/** A returning shopper's inquiries go to their open lead this long after the last one. */
export const ADF_RETURNING_DAYS = 30;
/** The inquiries a lead keeps (the newest): each is bounded (adf.ts ADF_FIELD_LIMITS), so the lead item stays small. */
export const ADF_MAX_INQUIRIES = 20;
const OPEN_STATUSES: readonly string[] = ['new', 'contacted'];

/** Pure: what a returning shopper's prospect adds to their open lead. */
export function inquiryOf(prospect: AdfProspect, now: Date): NonNullable<Lead['inquiries']>[number] {
  const vehicle = prospect.vehicle;
  const vehicleText = vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ') : '';
  const provider = [prospect.provider?.name, prospect.provider?.url, prospect.vendorName].find((name) => !!name);
  return {
    at: now.toISOString(),
    ...(provider ? { provider } : {}),
    ...(vehicleText || vehicle?.vin ? { vehicle: vehicleText || vehicle!.vin! } : {}),
    ...(prospect.comments ? { comments: prospect.comments } : {}),
  };
}

/** What one document writes, and what it answers for each prospect. */
interface DocumentPlan {
  answers: AdfInboundResponse['leads'];
  operations: WriteOperation[];
}

/**
 * Reads what the document's prospects meet in the table (their identity claims, their shoppers' open leads) and
 * plans the whole document's writes, before writing anything:
 * - a prospect already received (its id and source, or without an id its fingerprint: request date, contact and
 *   vehicle) answers the lead it made, `duplicate`, and writes nothing;
 * - a shopper with an open lead at this owner (same e-mail or phone, within ADF_RETURNING_DAYS of their last inquiry)
 *   adds an inquiry to that lead and tells its assignee (or its agent), `returning`;
 * - any other prospect is a new lead.
 * Every write is conditioned on what was read, so the plan commits whole or not at all (receiveAdf re-plans).
 */
async function planDocument(
  prospects: AdfProspect[],
  owner: string,
  dealership: { id: string; name: string } | null,
  data: AdfData,
  now: Date,
): Promise<DocumentPlan> {
  const identities = prospects.map((prospect) => adfProspectHash(owner, prospectKey(prospect) ?? prospectFingerprint(prospect)));
  const shopperHashes = prospects.map((prospect) => shopperKeys(prospect).map((key) => adfShopperHash(owner, key)));
  const [claimed, shoppers] = await Promise.all([
    Promise.all(identities.map((hash) => data.adf.leadOfProspect(hash))),
    Promise.all([...new Set(shopperHashes.flat())].map(async (hash) => [hash, await data.adf.shopper(hash)] as const)),
  ]);
  const shopperRead = new Map(shoppers);
  const until = new Date(now.getTime() + ADF_RETURNING_DAYS * 24 * 60 * 60 * 1000);

  // Planned in document order: a later prospect of the same shopper (or a repeat of one) meets the earlier one's lead.
  const created = new Map<string, Lead>();
  const updated = new Map<string, { before: Lead; after: Lead }>();
  const identityOps = new Map<string, WriteOperation>();
  const shopperLeads = new Map<string, string>();
  const answers: AdfInboundResponse['leads'] = [];

  for (const [index, prospect] of prospects.entries()) {
    const identity = identities[index]!;
    const earlier = claimed[index] ?? null;
    if (earlier) {
      answers.push({ id: earlier, duplicate: true, returning: false });
      continue;
    }
    const repeated = answers.find((_answer, i) => identities[i] === identity);
    if (repeated) {
      answers.push({ id: repeated.id, duplicate: true, returning: false });
      continue;
    }

    const openLeadId = await openLeadOf(shopperHashes[index]!, shopperRead, shopperLeads, created, updated, data, now);
    let leadId: string;
    if (openLeadId) {
      leadId = openLeadId;
      const planned = created.get(leadId) ?? updated.get(leadId)!.after;
      const inquiries = [...(planned.inquiries ?? []), inquiryOf(prospect, now)].slice(-ADF_MAX_INQUIRIES);
      if (created.has(leadId)) created.set(leadId, { ...planned, inquiries });
      else updated.set(leadId, { before: updated.get(leadId)!.before, after: { ...planned, inquiries } });
      answers.push({ id: leadId, duplicate: false, returning: true });
    } else {
      const lead = leadOfProspect(prospect, { id: ulid(now.getTime()), now, dealership });
      leadId = lead.id;
      created.set(leadId, lead);
      answers.push({ id: leadId, duplicate: false, returning: false });
    }
    identityOps.set(identity, data.adf.claimProspect(identity, owner, leadId, now));
    for (const hash of shopperHashes[index]!) shopperLeads.set(hash, leadId);
  }

  const operations: WriteOperation[] = [
    ...data.leads.createOperations([...created.values()]),
    ...[...updated.values()].flatMap(({ before, after }) => data.leads.saveOperations(before, after).operations),
    ...notificationWrites(
      data.table,
      [...updated.values()].flatMap(({ before }) => {
        const recipient = before.assignedBrokerId ?? before.brokerId;
        return recipient ? [notify.leadReturned(recipient, before)] : [];
      }),
      now,
    ),
    ...identityOps.values(),
    ...[...shopperLeads].map(([hash, leadId]) =>
      data.adf.claimShopper(hash, owner, leadId, until, shopperRead.get(hash) ?? null),
    ),
  ];
  return { answers, operations };
}

/**
 * The open lead a prospect's shopper keys lead to: one planned earlier in this document, or one a live shopper item
 * names that is still open (read once, kept in `updated` for its inquiries); null for a new shopper.
 */
async function openLeadOf(
  hashes: string[],
  shopperRead: Map<string, AdfShopperItem | null>,
  shopperLeads: Map<string, string>,
  created: Map<string, Lead>,
  updated: Map<string, { before: Lead; after: Lead }>,
  data: AdfData,
  now: Date,
): Promise<string | null> {
  for (const hash of hashes) {
    const planned = shopperLeads.get(hash);
    if (planned) return planned;
  }
  for (const hash of hashes) {
    const item = shopperRead.get(hash);
    if (!item || item.until <= now.toISOString()) continue;
    if (updated.has(item.leadId) || created.has(item.leadId)) return item.leadId;
    const lead = await data.leads.get(item.leadId);
    if (lead && OPEN_STATUSES.includes(lead.status)) {
      updated.set(lead.id, { before: lead, after: lead });
      return lead.id;
    }
  }
  return null;
}

/**
 * POST /leads/adf/{token}: the document's prospects, in document order, each a new lead, a resend of one (the lead
 * it made) or a returning shopper's inquiry on their open lead. All or nothing: the document is read and checked
 * whole, then every write goes in one transaction (adf.ts ADF_MAX_PROSPECTS keeps it under DynamoDB's 100 items).
 */
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
  for (let attempt = 1; ; attempt++) {
    const plan = await planDocument(prospects, owner, dealership, data, now);
    if (plan.operations.length === 0) return { leads: plan.answers };
    try {
      // A failed condition: another request received one of these prospects or shoppers in between; plan again.
      if ((await commit(plan.operations)).ok) return { leads: plan.answers };
    } catch (error) {
      // Conflicts on the same items (the new-lead counters, a claim) outlasted commit's own retries.
      if (!(error instanceof TransactionAbortedError)) throw error;
    }
    if (attempt >= STORE_ATTEMPTS) throw new ConflictError('This lead is being received right now. Please try again.');
  }
}
