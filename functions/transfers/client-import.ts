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
 */
import { createHash } from 'node:crypto';
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
import { clientInputOf, type ClientImportValues } from '@shared/transfers/client-rows';
import type { z } from 'zod';
import type { Identity } from '@functions/lib/auth-context';
import { ClientChangedError, ClientEmailTakenError, type Client, type ClientChange } from '@functions/lib/data/stores/clients';
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

/** POST /client-imports/matches: for each row, the existing client holding its e-mail, else its phone. */
export async function findMatches(body: MatchesRequest, data: TransfersData): Promise<ClientMatchesResponse> {
  const found = await Promise.all(
    body.rows.map(async (row, index) => {
      const byEmail = row.email ? await data.clients.idByEmail(row.email) : null;
      if (byEmail) return { index, clientId: byEmail, by: 'email' as const };
      const [byPhone] = row.phone && normalizedPhone(row.phone) ? await data.clients.idsByPhone(row.phone) : [];
      return byPhone ? { index, clientId: byPhone, by: 'phone' as const } : null;
    }),
  );
  const hits = found.filter((hit) => hit !== null);
  const names = new Map(
    (await data.clients.getMany([...new Set(hits.map((hit) => hit.clientId))])).map((c) => [c.id, c.fullName]),
  );
  return {
    matches: hits.flatMap((hit): ClientMatch[] => {
      const fullName = names.get(hit.clientId);
      return fullName ? [{ ...hit, fullName }] : [];
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

/** The fields an update copies from a row: every non-blank one but the name. */
function updatedClient(before: Client, fields: Partial<Client>): Client {
  const next: Client = { ...before };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'fullName' || value === null || value === undefined) continue;
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

/** One row: checked by the client schema, then created, or (a duplicate) skipped or used to update. */
async function importRow(
  identity: Identity,
  job: ClientImport,
  index: number,
  values: ClientImportValues,
  data: TransfersData,
  now: Date,
  actor: () => Promise<string>,
): Promise<RowResult> {
  const parsed = clientSchema.safeParse(clientInputOf(values));
  if (!parsed.success) return { index, outcome: 'invalid', message: parsed.error.issues[0]?.message ?? null };
  const id = importedClientId(job.id, index);
  // Written by an earlier attempt at this chunk (counted now: that attempt's counts were not recorded), or by an
  // earlier import of the same rows (a finished job started again).
  const written = await data.clients.get(id);
  if (written) {
    return written.createdAt >= job.createdAt
      ? { index, outcome: 'created', message: null }
      : { index, outcome: 'skipped', message: ROW_IMPORTED_BEFORE_MESSAGE };
  }
  const row = parsed.data;
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
  const existingId =
    (await data.clients.idByEmail(row.email)) ?? (row.phone ? (await data.clients.idsByPhone(row.phone))[0] : undefined);
  if (!existingId) {
    try {
      await data.clients.create({ ...(fields as Client), id, profileId: identity.userId }, now);
      return { index, outcome: 'created', message: null };
    } catch (error) {
      // Another client took the e-mail since the look-up: a duplicate after all.
      if (error instanceof ClientEmailTakenError) return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
      throw error;
    }
  }
  if (job.onDuplicate === 'skip') return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
  for (let attempt = 1; ; attempt++) {
    const before = await data.clients.get(existingId);
    if (!before) return { index, outcome: 'skipped', message: DUPLICATE_SKIPPED_MESSAGE };
    if (identity.role !== 'admin' && before.profileId !== identity.userId) {
      return { index, outcome: 'skipped', message: DUPLICATE_NOT_YOURS_MESSAGE };
    }
    const after = updatedClient(before, fields);
    const changes = contactChanges(before, after);
    try {
      await data.clients.update(before, after, {
        trail: { actor: { id: identity.userId, name: changes.length > 0 ? await actor() : '' }, changes, now },
      });
      return { index, outcome: 'updated', message: null };
    } catch (error) {
      if (error instanceof ClientEmailTakenError)
        return { index, outcome: 'skipped', message: DUPLICATE_EMAIL_ELSEWHERE_MESSAGE };
      if (error instanceof ClientChangedError && attempt < 3) continue;
      throw error;
    }
  }
}

/** POST /client-imports/{id}/rows: the chunk's rows from the job's cursor on, then the cursor moves past them. */
export async function importRows(
  identity: Identity,
  id: string,
  body: ImportRows,
  data: TransfersData,
  now: Date,
): Promise<ImportRowsResponse> {
  const job = await data.imports.get(id);
  if (!job || job.ownerId !== identity.userId) throw new NotFoundError(IMPORT_NOT_FOUND_MESSAGE);
  const end = body.start + body.rows.length;
  if (end > job.total) throw new BadRequestError(IMPORT_ROWS_BEYOND_FILE_MESSAGE);
  if (body.start > job.cursor) throw new ConflictError(IMPORT_OUT_OF_ORDER_MESSAGE);
  // Imported already (a chunk sent twice): nothing to do.
  if (end <= job.cursor || job.status === 'done') return { job: toImportJob(job), results: [] };
  let name: Promise<string> | undefined;
  const actor = () => (name ??= actorName(identity, data));
  const results: RowResult[] = [];
  for (let index = job.cursor; index < end; index++) {
    results.push(await importRow(identity, job, index, body.rows[index - body.start]!, data, now, actor));
  }
  const counts = { ...ZERO };
  for (const result of results) counts[result.outcome]++;
  try {
    const moved = await data.imports.advance(job, { cursor: end, counts }, now);
    return { job: toImportJob(moved), results };
  } catch (error) {
    if (error instanceof ImportMovedError) throw new ConflictError(IMPORT_OUT_OF_ORDER_MESSAGE);
    throw error;
  }
}
