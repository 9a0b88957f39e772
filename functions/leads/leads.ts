/**
 * The lead inbox (docs/decisions.md, "Leads"): the list each caller may see, a lead's details
 * and history, assignment by admins, a broker's claim, status changes recorded with who and when, and convert,
 * which makes the lead a client (or finds the client with its e-mail) and answers the /deals/new prefill.
 *
 * Visibility and actions are the pure rules of @shared/leads/rules; a lead a broker may not see is a 404, like an
 * unknown id. In own book (the company setting, docs/security.md "Ownership") brokers have no open pool. Every write is conditioned on the status and assignee read (functions/domain/leads/leads.ts), so of two claims at
 * once one wins and the other gets 409, and a status change never overwrites one made in between.
 */
import { inBook } from '@shared/auth/ownership';
import { isLicensedAt } from '@shared/brokers/licence';
import type { z } from 'zod';
import {
  LEAD_ALREADY_ASSIGNED_MESSAGE,
  LEAD_BROKER_FILTER_MESSAGE,
  LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE,
  LEAD_CHANGED_MESSAGE,
  LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE,
  LEAD_NOT_FOUND_MESSAGE,
  LEAD_NOT_YOURS_MESSAGE,
  type ConvertLeadResponse,
  type LeadDetail,
  type LeadListResponse,
  type LeadPerson,
  type LeadStatus,
  type assignLeadRequestSchema,
  type leadListQuerySchema,
  type updateLeadStatusRequestSchema,
} from '@shared/leads/api';
import { canClaimLead, canSeeLead, canWorkLead, type LeadViewer } from '@shared/leads/rules';
import { clientSchema } from '@shared/clients/schemas';
import { clientFromLead, dealPrefillOf } from '@shared/leads/conversion';
import type { Identity } from '@functions/lib/auth-context';
import type { LeadsData } from './data';
import { summaryOf, toLeadDetail } from './lead-views';
import { ClientEmailTakenError } from '@functions/domain/clients/clients';
import { LeadChangedError, leadRevision, type Lead } from '@functions/domain/leads/leads';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { decodeListingCursor, encodeCursor } from '@functions/lib/http/list-cursor';

export type LeadListQuery = z.output<typeof leadListQuerySchema>;
export type AssignLeadRequest = z.output<typeof assignLeadRequestSchema>;
export type UpdateLeadStatusRequest = z.output<typeof updateLeadStatusRequestSchema>;

/** Writes retried when someone else changed the lead in between (the change is applied again to what they saved). */
const SAVE_ATTEMPTS = 3;

const viewerOf = (identity: Identity): LeadViewer => ({ userId: identity.userId, role: identity.role });

// ---------------------------------------------------------------------------------------------------------------
// The list cursor (functions/lib/http/list-cursor.ts) belongs to the filters it was made under.

const filterToken = (query: Pick<LeadListQuery, 'status' | 'brokerId'>) => `${query.status ?? ''}|${query.brokerId ?? ''}`;

// ---------------------------------------------------------------------------------------------------------------
// Routes.

/** Whether brokers work an own book (no open pool); read for brokers only, admins see every lead either way. */
const ownBookFor = (identity: Identity, data: LeadsData) =>
  identity.role === 'broker' ? data.settings.ownBook() : Promise.resolve(false);

/** GET /leads: admins every lead (filters), brokers theirs and the open pool (brokerId = self: theirs only; own book: no pool). */
export async function listLeads(identity: Identity, query: LeadListQuery, data: LeadsData): Promise<LeadListResponse> {
  const isAdmin = identity.role === 'admin';
  if (!isAdmin && query.brokerId && query.brokerId !== identity.userId) throw new ForbiddenError(LEAD_BROKER_FILTER_MESSAGE);
  const filter = isAdmin
    ? { status: query.status, brokerId: query.brokerId }
    : { status: query.status, brokerId: identity.userId, withPool: !query.brokerId && !(await ownBookFor(identity, data)) };
  const token = filterToken(query);
  const after = query.cursor ? decodeListingCursor(query.cursor, token) : undefined;
  const page = await data.leads.page(filter, after, query.limit);
  const names = await data.leads.brokerNames(page.leads.flatMap((lead) => (lead.brokerId ? [lead.brokerId] : [])));
  return {
    leads: page.leads.map((lead) => summaryOf(lead, lead.brokerId ? names.get(lead.brokerId) : undefined)),
    nextCursor: page.lastPosition ? encodeCursor(token, page.lastPosition) : null,
  };
}

/** The lead, if the caller may see it; otherwise 404 as for an unknown id. */
async function visibleLead(identity: Identity, id: string, data: LeadsData): Promise<Lead> {
  const lead = await data.leads.get(id);
  if (!lead || !canSeeLead({ ...viewerOf(identity), ownBook: await ownBookFor(identity, data) }, lead)) {
    throw new NotFoundError(LEAD_NOT_FOUND_MESSAGE);
  }
  return lead;
}

async function detail(identity: Identity, lead: Lead, data: LeadsData): Promise<LeadDetail> {
  const names = lead.brokerId ? await data.leads.brokerNames([lead.brokerId]) : new Map<string, string>();
  return toLeadDetail(lead, viewerOf(identity), lead.brokerId ? names.get(lead.brokerId) : undefined);
}

/** GET /leads/{id}. */
export async function getLead(identity: Identity, id: string, data: LeadsData): Promise<LeadDetail> {
  return detail(identity, await visibleLead(identity, id, data), data);
}

/** The caller as a history entry names them. */
async function actorOf(identity: Identity, data: LeadsData): Promise<LeadPerson> {
  const user = await data.users.get(identity.userId);
  return { id: identity.userId, fullName: user?.fullName ?? identity.email };
}

/**
 * Reads the lead, applies `change` (which may refuse by throwing) and saves it; when someone else changed the lead
 * in between, reads again and re-applies (up to `conflict.attempts` times), so a change is decided on what is stored.
 */
async function changeLead(
  identity: Identity,
  id: string,
  data: LeadsData,
  change: (lead: Lead) => Lead,
  conflict: { attempts: number; error: () => Error } = {
    attempts: SAVE_ATTEMPTS,
    error: () => new ConflictError(LEAD_CHANGED_MESSAGE),
  },
): Promise<Lead> {
  for (let attempt = 1; ; attempt++) {
    const before = await visibleLead(identity, id, data);
    const after = change(before);
    if (after === before) return before;
    try {
      return await data.leads.save(before, after);
    } catch (error) {
      if (!(error instanceof LeadChangedError)) throw error;
      if (attempt >= conflict.attempts) throw conflict.error();
    }
  }
}

/**
 * POST /leads/{id}/assign (admins): to an approved, licensed broker, or back to the pool, on the revision the screen
 * loaded. A stale revision, or a save that loses to another write, is a 409 and never retried: the admin decided on
 * what they saw, so of 20 assignments at once exactly one is recorded.
 */
export async function assignLead(
  identity: Identity,
  id: string,
  body: AssignLeadRequest,
  data: LeadsData,
  now: Date,
): Promise<LeadDetail> {
  let brokerName: string | undefined;
  if (body.brokerId) {
    const profile = await data.users.getBrokerProfile(body.brokerId);
    // Licensed until the licence's expiration date, whether or not the daily expiry job has run (as deals do).
    if (!profile?.isApproved || !isLicensedAt(profile, now)) {
      throw new BadRequestError(LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE, { brokerId: LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE });
    }
    brokerName = profile.fullName ?? profile.email ?? body.brokerId;
  }
  const actor = await actorOf(identity, data);
  const stale = () => new ConflictError(LEAD_CHANGED_MESSAGE);
  const saved = await changeLead(
    identity,
    id,
    data,
    (lead) => {
      if (leadRevision(lead) !== body.revision) throw stale();
      if ((lead.assignedBrokerId ?? null) === body.brokerId) return lead;
      return {
        ...lead,
        assignedBrokerId: body.brokerId ?? undefined,
        assignedBrokerName: brokerName,
        assignmentHistory: [
          ...(lead.assignmentHistory ?? []),
          {
            brokerId: body.brokerId ?? undefined,
            brokerName,
            byId: actor.id,
            byName: actor.fullName,
            at: now.toISOString(),
            claimed: false,
          },
        ],
      };
    },
    { attempts: 1, error: stale },
  );
  return detail(identity, saved, data);
}

/**
 * POST /leads/{id}/claim (brokers): only while nobody holds the lead; the loser of a race gets 409. A claim needs no
 * revision from the screen: what it depends on (nobody holds the lead) is checked on what is stored, and the write is
 * conditioned on the revision it read. A claim that loses the write reads the lead once more: taken by the caller
 * (their own double click) it is theirs (200, nothing written), taken by anyone else it is a 409.
 */
export async function claimLead(identity: Identity, id: string, data: LeadsData, now: Date): Promise<LeadDetail> {
  const actor = await actorOf(identity, data);
  const alreadyTaken = () => new ConflictError(LEAD_ALREADY_ASSIGNED_MESSAGE);
  const saved = await changeLeadOrTaken(
    identity,
    id,
    data,
    (lead) => {
      if (lead.assignedBrokerId === identity.userId) return lead;
      if (!canClaimLead(viewerOf(identity), lead)) throw alreadyTaken();
      return {
        ...lead,
        assignedBrokerId: identity.userId,
        assignedBrokerName: actor.fullName,
        assignmentHistory: [
          ...(lead.assignmentHistory ?? []),
          {
            brokerId: identity.userId,
            brokerName: actor.fullName,
            byId: actor.id,
            byName: actor.fullName,
            at: now.toISOString(),
            claimed: true,
          },
        ],
      };
    },
    // One more read after a lost write: whoever changed the lead in between claimed it (or an admin assigned it).
    { attempts: 2, error: alreadyTaken },
  );
  return detail(identity, saved, data);
}

/**
 * A claim on a lead someone holds answers 409 ("already claimed"), also when the lead left the caller's sight
 * because the other claim won between two reads; an unassigned lead naming another agent stays hidden (404).
 */
async function changeLeadOrTaken(...args: Parameters<typeof changeLead>): Promise<Lead> {
  const [identity, id, data] = args;
  try {
    return await changeLead(...args);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const lead = await data.leads.get(id);
    if (lead?.assignedBrokerId && lead.assignedBrokerId !== identity.userId) {
      throw new ConflictError(LEAD_ALREADY_ASSIGNED_MESSAGE);
    }
    throw error;
  }
}

/** Pure: the lead with its new status and the change recorded (unchanged when the status is the same). */
export function withStatus(lead: Lead, status: LeadStatus, actor: LeadPerson, now: Date): Lead {
  if (lead.status === status) return lead;
  return {
    ...lead,
    status,
    statusHistory: [...(lead.statusHistory ?? []), { status, byId: actor.id, byName: actor.fullName, at: now.toISOString() }],
  };
}

function ensureWorker(identity: Identity, lead: Lead): void {
  if (!canWorkLead(viewerOf(identity), lead)) throw new ForbiddenError(LEAD_NOT_YOURS_MESSAGE);
}

/** PATCH /leads/{id}/status: admins and the assigned broker. */
export async function updateLeadStatus(
  identity: Identity,
  id: string,
  body: UpdateLeadStatusRequest,
  data: LeadsData,
  now: Date,
): Promise<LeadDetail> {
  const actor = await actorOf(identity, data);
  const saved = await changeLead(identity, id, data, (lead) => {
    ensureWorker(identity, lead);
    return withStatus(lead, body.status, actor, now);
  });
  return detail(identity, saved, data);
}

/** A lead's phone as a client phone (E.164-ish digits), or undefined when the client rules would refuse it. */
export function clientPhoneOf(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, '');
  const parsed = clientSchema.shape.phone.safeParse(digits);
  return parsed.success && parsed.data ? parsed.data : undefined;
}

/**
 * POST /leads/{id}/convert: the client with the lead's e-mail, or a new one made from its contact (created by the
 * caller, with the make asked for and how to reach them); the lead is marked converted with the client recorded, and
 * the answer carries everything the shopper typed as the deal form's fields (@shared/leads/conversion, docs/decisions.md
 * "Lead conversion"). Converting again answers the same client. In own book a broker matches only a client of their own
 * book: another broker's client with the lead's e-mail is a 409 (`inCallersBook`); the shared book matches any.
 */
export async function convertLead(identity: Identity, id: string, data: LeadsData, now: Date): Promise<ConvertLeadResponse> {
  const lead = await visibleLead(identity, id, data);
  ensureWorker(identity, lead);
  const ownBook = await ownBookFor(identity, data);
  const { clientId, created } = lead.convertedClientId
    ? { clientId: await inCallersBook(identity, ownBook, lead.convertedClientId, data), created: false }
    : await clientForLead(identity, ownBook, lead, data, now);
  const actor = await actorOf(identity, data);
  const saved = await changeLead(identity, id, data, (current) => {
    ensureWorker(identity, current);
    const converted = withStatus(current, 'converted', actor, now);
    return current.convertedClientId === clientId && converted === current
      ? current
      : { ...converted, convertedClientId: clientId };
  });
  return {
    clientId,
    clientCreated: created,
    // Everything the shopper typed, as the deal form's fields (the broker reviews it before saving the deal).
    dealPrefill: dealPrefillOf(saved, clientId),
    lead: await detail(identity, saved, data),
  };
}

/**
 * The client `clientId` when it is in the caller's book: always in the shared book and for admins; in own book only a
 * client the broker owns. Another broker's is a 409 that names neither that client nor its broker (client e-mails are
 * unique, so no client of the caller's own can be made with the lead's e-mail: an admin converts it), before anything
 * is written.
 */
async function inCallersBook(identity: Identity, ownBook: boolean, clientId: string, data: LeadsData): Promise<string> {
  if (!ownBook) return clientId;
  const client = await data.clients.get(clientId);
  if (!client || !inBook({ ...identity, ownBook }, client.profileId)) {
    throw new ConflictError(LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE);
  }
  return clientId;
}

async function clientForLead(
  identity: Identity,
  ownBook: boolean,
  lead: Lead,
  data: LeadsData,
  now: Date,
): Promise<{ clientId: string; created: boolean }> {
  const existing = await data.leads.clientIdByEmail(lead.email);
  if (existing) return { clientId: await inCallersBook(identity, ownBook, existing, data), created: false };
  try {
    const phone = clientPhoneOf(lead.phone);
    const { preferredMakes, notes } = clientFromLead(lead);
    const { client } = await data.clients.create(
      {
        fullName: `${lead.firstName} ${lead.lastName}`.trim(),
        email: lead.email.trim().toLowerCase(),
        ...(phone ? { phone } : {}),
        ...(preferredMakes.length > 0 ? { preferredMakes } : {}),
        notes,
        profileId: identity.userId,
      },
      now,
    );
    return { clientId: client.id, created: true };
  } catch (error) {
    // Someone created a client with this e-mail in between: that is the client.
    if (!(error instanceof ClientEmailTakenError)) throw error;
    const clientId = await data.leads.clientIdByEmail(lead.email);
    if (!clientId) throw error;
    return { clientId: await inCallersBook(identity, ownBook, clientId, data), created: false };
  }
}
