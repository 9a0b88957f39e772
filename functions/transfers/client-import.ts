/**
 * The client import (docs/decisions.md "CSV import and export"): resumable, never half-written.
 *
 * - Each client is written whole through the clients store (one transaction: the client, its e-mail claim, its phone
 *   entry, search entries and counters), so no client is ever partly there, and the e-mail stays unique.
 * - A job (data/client-import.ts) holds the cursor: the rows before it are imported. A chunk is imported from the
 *   cursor, then the cursor moves (conditionally on the value read). A chunk cut off in the middle (a timeout, a
 *   failure) leaves the cursor where it was; sending it again ("Resume") imports it again, and what the first attempt
 *   wrote is recognised: each new client's id is derived from the job and the row, so its create finds itself.
 * - Duplicates: a row whose e-mail or normalized phone an existing client holds is skipped, or (policy `update`)
 *   updates that client's non-blank fields except the name (a rename belongs to the client form, which carries it
 *   onto the deals). A broker updates only their own clients; another's is skipped with the reason.
 * - Only a client the caller could open (`inBook`, as GET /clients/{id}) is ever named or counted as a duplicate, in
 *   the preview's matches and in the import: in own book another broker's client is not there for the caller
 *   (docs/security.md, "Ownership"). An e-mail is unique across the company, so a row with the e-mail of a client
 *   the caller cannot see is still skipped, with the plain duplicate message.
 * - A chunk's cost is its rows, never the book (docs/bench.md, "CSV import and export"): its look-ups are keyed and
 *   batched (one BatchGet of the rows' clients, one of their e-mail claims, one bounded Query per phone, one BatchGet
 *   of the clients found), then each row is one transaction. A request stops starting rows after
 *   IMPORT_REQUEST_BUDGET_MS and moves the cursor past the rows it did: the screen sends the rest from there.
 */
import { createHash } from 'node:crypto';
import { inBook } from '@shared/auth/ownership';
import { clientSchema } from '@shared/clients/schemas';
import { normalizedPhone } from '@shared/clients/phone';
import {
  DUPLICATE_EMAIL_ELSEWHERE_MESSAGE,
  DUPLICATE_NOT_YOURS_MESSAGE,
  DUPLICATE_SKIPPED_MESSAGE,
  IMPORT_NOT_FOUND_MESSAGE,
  IMPORT_OUT_OF_ORDER_MESSAGE,
  IMPORT_ROWS_BEYOND_FILE_MESSAGE,
  ROW_IMPORTED_BEFORE_MESSAGE,
  type ClientMatch,
  type ClientMatchesResponse,
  type ImportCounts,
  type ImportJob,
  type ImportRowOutcome,
  type ImportRowsResponse,
  type clientMatchesRequestSchema,
  type importRowsRequestSchema,
  type startImportRequestSchema,
} from '@shared/transfers/api';
import { clientInputOf } from '@shared/transfers/client-rows';
import type { z } from 'zod';
import type { Identity } from '@functions/lib/auth-context';
import {
  ClientChangedError,
  ClientEmailTakenError,
  emailKey,
  type Client,
  type ClientChange,
} from '@functions/domain/clients/clients';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import type { TransfersData } from './data';
import { ImportMovedError, type ClientImport } from './data/client-import';

type StartImport = z.output<typeof startImportRequestSchema>;
type ImportRows = z.output<typeof importRowsRequestSchema>;
type MatchesRequest = z.output<typeof clientMatchesRequestSchema>;

/** Pure: the job of one importer and one file (so the same file finds its unfinished import). */
export function importJobId(userId: string, fileHash: string): string {
  return createHash('sha256').update(`${userId}\n${fileHash}`).digest('hex').slice(0, 32);
}

/** Pure: the id of the client a row of a job creates, the same on every attempt. */
export const importedClientId = (jobId: string, index: number) => `imp-${jobId}-${index}`;

export function toImportJob(job: ClientImport): ImportJob {
  return {
    id: job.id,
    fileName: job.fileName,
    total: job.total,
    cursor: job.cursor,
    onDuplicate: job.onDuplicate,
    status: job.status,
    counts: job.counts,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/**
 * A request's time for rows: past it, no new row is started and the cursor moves past the rows done (the screen sends
 * the rest). Well inside the function's 10 s timeout even with the slowest transaction after it.
 */
export const IMPORT_REQUEST_BUDGET_MS = 5_000;

/** Who is asking, with the company's book (read for brokers only: admins see every client either way). */
async function viewerOf(identity: Identity, data: TransfersData) {
  const ownBook = identity.role === 'broker' ? await data.settings.ownBook() : false;
  return { userId: identity.userId, role: identity.role, ownBook };
}

/**
 * The existing clients holding some rows' e-mails or phones, found by keys only: the e-mail claims in one BatchGet,
 * each distinct phone's index partition in one bounded Query, the clients found in one BatchGet. Only the clients
 * `visible` lets through are kept; `add` records a client created since (a later row of the chunk finds it).
 */
async function duplicateFinder(
  rows: readonly { email?: string | null; phone?: string | null }[],
  data: TransfersData,
  visible: (client: Client) => boolean,
) {
  const emails = rows.flatMap((row) => (row.email ? [row.email] : []));
  const phones = [...new Set(rows.flatMap((row) => normalizedPhone(row.phone) ?? []))];
  const [byEmail, phoneHolders] = await Promise.all([
    emails.length > 0 ? data.clients.idsByEmails(emails) : new Map<string, string>(),
    Promise.all(phones.map(async (digits) => [digits, await data.clients.idsByPhone(digits)] as const)),
  ]);
  const byPhone = new Map(phoneHolders);
  const ids = new Set([...byEmail.values(), ...phoneHolders.flatMap(([, holders]) => holders)]);
  const clients = new Map((await data.clients.getMany([...ids])).map((client) => [client.id, client]));
  const seen = (id: string | undefined) => {
    const client = id === undefined ? undefined : clients.get(id);
    return client && visible(client) ? client : undefined;
  };
  return {
    /** The client holding the e-mail, whether or not the caller may see it (an e-mail is unique company-wide). */
    emailTaken: (email: string | null | undefined) => !!email && byEmail.has(emailKey(email)),
    /** The visible client holding the row's e-mail, else the first visible one holding its phone. */
    find(row: { email?: string | null; phone?: string | null }): { client: Client; by: 'email' | 'phone' } | null {
      const emailHolder = row.email ? seen(byEmail.get(emailKey(row.email))) : undefined;
      if (emailHolder) return { client: emailHolder, by: 'email' };
      const digits = normalizedPhone(row.phone);
      const phoneHolder = digits ? (byPhone.get(digits) ?? []).map(seen).find((client) => client !== undefined) : undefined;
      return phoneHolder ? { client: phoneHolder, by: 'phone' } : null;
    },
    add(client: Client) {
      clients.set(client.id, client);
      if (client.email) byEmail.set(emailKey(client.email), client.id);
      const digits = normalizedPhone(client.phone);
      if (digits) byPhone.set(digits, [...(byPhone.get(digits) ?? []), client.id]);
    },
  };
}

/**
 * POST /client-imports/matches: for each row, the existing client holding its e-mail, else its phone, among the
 * clients the caller could open (docs/security.md, "Ownership"); the rest of the book is not there for the caller.
 */
export async function findMatches(identity: Identity, body: MatchesRequest, data: TransfersData): Promise<ClientMatchesResponse> {
  const viewer = await viewerOf(identity, data);
  const finder = await duplicateFinder(body.rows, data, (client) => inBook(viewer, client.profileId));
  return {
    matches: body.rows.flatMap((row, index): ClientMatch[] => {
      const found = finder.find(row);
      return found ? [{ index, clientId: found.client.id, fullName: found.client.fullName, by: found.by }] : [];
    }),
  };
}

/** POST /client-imports: a new job for the file, or its unfinished one (resumed with the policy chosen now). */
export async function startImport(identity: Identity, body: StartImport, data: TransfersData, now: Date): Promise<ImportJob> {
  const id = importJobId(identity.userId, body.fileHash);
  const existing = await data.imports.get(id);
  if (existing && existing.status === 'running' && existing.total === body.total) {
    if (existing.onDuplicate === body.onDuplicate) return toImportJob(existing);
    return toImportJob(
      await data.imports.advance(existing, { cursor: existing.cursor, counts: ZERO, onDuplicate: body.onDuplicate }, now),
    );
  }
  const job = await data.imports.start(
    {
      id,
      ownerId: identity.userId,
      fileName: body.fileName,
      fileHash: body.fileHash,
      total: body.total,
      onDuplicate: body.onDuplicate,
    },
    now,
  );
  return toImportJob(job);
}

const ZERO: ImportCounts = { created: 0, updated: 0, skipped: 0, invalid: 0 };

interface RowResult {
  index: number;
  outcome: ImportRowOutcome;
  message: string | null;
}

/**
 * The fields an update copies from a row: every non-blank one but the name, and but the phone when it is the same
 * number written another way (an export writes phones as people write them: re-importing it changes nothing).
 */
function updatedClient(before: Client, fields: Partial<Client>): Client {
  const next: Client = { ...before };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'fullName' || value === null || value === undefined) continue;
    if (key === 'phone' && before.phone && normalizedPhone(before.phone) === normalizedPhone(value as string)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

function contactChanges(before: Client, after: Client): ClientChange[] {
  return (['email', 'phone'] as const).flatMap((field) =>
    before[field] !== after[field]
      ? [{ field, ...(before[field] ? { before: before[field] } : {}), ...(after[field] ? { after: after[field] } : {}) }]
      : [],
  );
}

async function actorName(identity: Identity, data: TransfersData): Promise<string> {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(identity.userId), data.users.get(identity.userId)]);
  return profile?.fullName ?? user?.fullName ?? identity.userId;
}

type DuplicateFinder = Awaited<ReturnType<typeof duplicateFinder>>;

/** One row, checked by the client schema already: created, or (a duplicate) skipped or used to update. */
async function importRow(
  identity: Identity,
  job: ClientImport,
  index: number,
  row: z.output<typeof clientSchema>,
  written: Client | undefined,
  duplicates: DuplicateFinder,
  data: TransfersData,
  now: Date,
  actor: () => Promise<string>,
): Promise<RowResult> {
  // Written by an earlier attempt at this chunk (counted now: that attempt's counts were not recorded), or by an
  // earlier import of the same rows (a finished job started again).
  if (written) {
    return written.createdAt >= job.createdAt
      ? { index, outcome: 'created', message: null }
      : { index, outcome: 'skipped', message: ROW_IMPORTED_BEFORE_MESSAGE };
  }
  const fields: Partial<Client> = {
    fullName: row.fullName,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.address ? { address: row.address } : {}),
    ...(row.creditScore !== null ? { creditScore: row.creditScore } : {}),
    ...(row.dateOfBirth ? { dateOfBirth: row.dateOfBirth } : {}),
    ...(row.preferredMakes.length > 0 ? { preferredMakes: row.preferredMakes } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
  };
  const existing = duplicates.find(row)?.client;
  if (!existing) {
    // The e-mail of a client the caller cannot see: unique company-wide, so not importable either.
    if (duplicates.emailTaken(row.email)) return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
    try {
      const { client } = await data.clients.create(
        { ...(fields as Client), id: importedClientId(job.id, index), profileId: identity.userId },
        now,
      );
      duplicates.add(client);
      return { index, outcome: 'created', message: null };
    } catch (error) {
      // Another client took the e-mail since the look-up: a duplicate after all.
      if (error instanceof ClientEmailTakenError) return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
      throw error;
    }
  }
  if (job.onDuplicate === 'skip') return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
  for (let attempt = 1, before: Client | null = existing; ; attempt++) {
    if (!before) return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
    if (identity.role !== 'admin' && before.profileId !== identity.userId) {
      return { index, outcome: 'skipped', message: DUPLICATE_NOT_YOURS_MESSAGE };
    }
    const after = updatedClient(before, fields);
    const changes = contactChanges(before, after);
    try {
      const saved = await data.clients.update(before, after, {
        trail: { actor: { id: identity.userId, name: changes.length > 0 ? await actor() : '' }, changes, now },
      });
      duplicates.add(saved);
      return { index, outcome: 'updated', message: null };
    } catch (error) {
      if (error instanceof ClientEmailTakenError)
        return { index, outcome: 'skipped', message: DUPLICATE_EMAIL_ELSEWHERE_MESSAGE };
      if (error instanceof ClientChangedError && attempt < 3) {
        before = await data.clients.get(existing.id);
        continue;
      }
      throw error;
    }
  }
}

/**
 * POST /client-imports/{id}/rows: the chunk's rows from the job's cursor on (all of them, or those started within
 * IMPORT_REQUEST_BUDGET_MS), then the cursor moves past the rows done.
 */
export async function importRows(
  identity: Identity,
  id: string,
  body: ImportRows,
  data: TransfersData,
  now: Date,
  clock: () => number = Date.now,
): Promise<ImportRowsResponse> {
  const deadline = clock() + IMPORT_REQUEST_BUDGET_MS;
  const job = await data.imports.get(id);
  if (!job || job.ownerId !== identity.userId) throw new NotFoundError(IMPORT_NOT_FOUND_MESSAGE);
  const end = body.start + body.rows.length;
  if (end > job.total) throw new BadRequestError(IMPORT_ROWS_BEYOND_FILE_MESSAGE);
  if (body.start > job.cursor) throw new ConflictError(IMPORT_OUT_OF_ORDER_MESSAGE);
  // Imported already (a chunk sent twice): nothing to do.
  if (end <= job.cursor || job.status === 'done') return { job: toImportJob(job), results: [] };
  let name: Promise<string> | undefined;
  const actor = () => (name ??= actorName(identity, data));
  const rows = body.rows.slice(job.cursor - body.start).map((values, offset) => {
    const index = job.cursor + offset;
    const parsed = clientSchema.safeParse(clientInputOf(values));
    return parsed.success
      ? { index, row: parsed.data, message: null }
      : { index, row: null, message: parsed.error.issues[0]?.message ?? null };
  });
  const valid = rows.flatMap(({ row }) => (row ? [row] : []));
  const viewer = await viewerOf(identity, data);
  const [written, duplicates] = await Promise.all([
    data.clients.getMany(rows.flatMap(({ index, row }) => (row ? [importedClientId(job.id, index)] : []))),
    duplicateFinder(valid, data, (client) => inBook(viewer, client.profileId)),
  ]);
  const writtenById = new Map(written.map((client) => [client.id, client]));
  const results: RowResult[] = [];
  for (const { index, row, message } of rows) {
    if (results.length > 0 && clock() > deadline) break;
    results.push(
      row
        ? await importRow(
            identity,
            job,
            index,
            row,
            writtenById.get(importedClientId(job.id, index)),
            duplicates,
            data,
            now,
            actor,
          )
        : { index, outcome: 'invalid', message },
    );
  }
  const counts = { ...ZERO };
  for (const result of results) counts[result.outcome]++;
  try {
    const moved = await data.imports.advance(job, { cursor: job.cursor + results.length, counts }, now);
    return { job: toImportJob(moved), results };
  } catch (error) {
    if (error instanceof ImportMovedError) throw new ConflictError(IMPORT_OUT_OF_ORDER_MESSAGE);
    throw error;
  }
}
