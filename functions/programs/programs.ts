/**
 * Lender programs (docs/decisions.md, "Programs"): admins keep lenders and import each month's program from CSV as a
 * new version (the earlier months stay readable); approved brokers read them and match a vehicle to its rows.
 *
 * - A month's program is imported like the client import (shared/transfers): the screen checks the file, then sends
 *   chunks from the version's cursor; the cursor moves only with a conditional write from the value read, and a
 *   row's key is derived from its version and index, so a chunk sent again (resume, a second tab) writes nothing
 *   twice. Unlike clients, a program row with a problem is never skipped: a program missing a row would quote a
 *   vehicle from no program, so the whole chunk is refused with a 400 naming the row and the field, and nothing of it
 *   is written.
 * - A month's program is imported once: the same month again is a 409 (a corrected program is a new month, or the
 *   unfinished import resumed with the same file).
 * - Match: ONE Query (ProgramStore.rowsInEffect); trim, region and effective-from are judged here over that bounded
 *   answer.
 */
import type * as z from 'zod';
import {
  LENDER_NAME_TAKEN_MESSAGE,
  LENDER_NOT_FOUND_MESSAGE,
  MATCH_ROWS_MAX,
  PROGRAM_IMPORT_OUT_OF_ORDER_MESSAGE,
  PROGRAM_ROWS_BEYOND_FILE_MESSAGE,
  PROGRAM_ROWS_PAGE,
  VERSION_EXISTS_MESSAGE,
  VERSION_NOT_FOUND_MESSAGE,
  VERSION_OTHER_FILE_MESSAGE,
  type Lender,
  type MatchResponse,
  type ProgramVersion,
  type VersionRowsResponse,
  type VersionsResponse,
  type createLenderRequestSchema,
  type matchQuerySchema,
  type programImportRowsRequestSchema,
  type startProgramImportRequestSchema,
} from '@shared/programs/api';
import { appliesIn, checkProgramRow, programLabel, rowProblemMessage, vehicleKey } from '@shared/programs/rows';
import type { Identity } from '@functions/lib/auth-context';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import type { ProgramsData } from './data';
import { LenderTakenError, VersionMovedError, type LenderItem, type StoredRow, type VersionItem } from './data/programs';

/** Pure: a lender's id, its name as a slug ("Example Auto Finance" -> "example-auto-finance"): one lender per name. */
export const lenderIdOf = (name: string) => vehicleKey(name).replace(/ /g, '-').slice(0, 80);

const toLender = (lender: LenderItem): Lender => ({ id: lender.id, name: lender.name, createdAt: lender.createdAt });

export const toVersion = (version: VersionItem): ProgramVersion => ({
  lenderId: version.lenderId,
  month: version.month,
  label: programLabel(version.lenderName, version.month),
  fileName: version.fileName,
  total: version.total,
  cursor: version.cursor,
  status: version.status,
  createdAt: version.createdAt,
  updatedAt: version.updatedAt,
});

export async function listLenders(data: ProgramsData): Promise<{ lenders: Lender[] }> {
  return { lenders: (await data.programs.listLenders()).map(toLender) };
}

export async function createLender(
  body: z.output<typeof createLenderRequestSchema>,
  data: ProgramsData,
  now: Date,
): Promise<Lender> {
  try {
    return toLender(
      await data.programs.createLender({ id: lenderIdOf(body.name), name: body.name, createdAt: now.toISOString() }),
    );
  } catch (error) {
    if (error instanceof LenderTakenError) throw new ConflictError(LENDER_NAME_TAKEN_MESSAGE);
    throw error;
  }
}

async function lenderOf(lenderId: string, data: ProgramsData): Promise<LenderItem> {
  const lender = await data.programs.getLender(lenderId);
  if (!lender) throw new NotFoundError(LENDER_NOT_FOUND_MESSAGE);
  return lender;
}

/** Brokers read finished programs only: a month still importing is not there for them (404 like an unknown month). */
const visibleTo = (identity: Identity, version: VersionItem | null) =>
  version && (identity.role === 'admin' || version.status === 'ready') ? version : null;

export async function listVersions(identity: Identity, lenderId: string, data: ProgramsData): Promise<VersionsResponse> {
  const [lender, versions] = await Promise.all([lenderOf(lenderId, data), data.programs.listVersions(lenderId)]);
  return {
    lender: toLender(lender),
    versions: versions.flatMap((version) => (visibleTo(identity, version) ? [toVersion(version)] : [])),
  };
}

/** POST .../versions: a new month's program, or the unfinished import of the same file (resume). */
export async function startImport(
  identity: Identity,
  lenderId: string,
  body: z.output<typeof startProgramImportRequestSchema>,
  data: ProgramsData,
  now: Date,
): Promise<ProgramVersion> {
  const lender = await lenderOf(lenderId, data);
  const resumable = (existing: VersionItem) => {
    if (existing.status === 'ready') throw new ConflictError(VERSION_EXISTS_MESSAGE);
    if (existing.fileHash !== body.fileHash || existing.total !== body.total) throw new ConflictError(VERSION_OTHER_FILE_MESSAGE);
    return toVersion(existing);
  };
  const existing = await data.programs.getVersion(lenderId, body.month);
  if (existing) return resumable(existing);
  try {
    return toVersion(
      await data.programs.startVersion({
        lenderId,
        month: body.month,
        lenderName: lender.name,
        fileName: body.fileName,
        fileHash: body.fileHash,
        total: body.total,
        cursor: 0,
        status: 'importing',
        importedBy: identity.userId,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      }),
    );
  } catch (error) {
    // Another tab started the same month meanwhile: its import is this one if it is the same file.
    if (!(error instanceof VersionMovedError)) throw error;
    const started = await data.programs.getVersion(lenderId, body.month);
    if (!started) throw error;
    return resumable(started);
  }
}

/**
 * POST .../versions/{month}/rows: the chunk's rows from the version's cursor on, each checked with the preview's
 * rules; any problem refuses the chunk (400 naming the row and the field) before anything is written.
 */
export async function importRows(
  lenderId: string,
  month: string,
  body: z.output<typeof programImportRowsRequestSchema>,
  data: ProgramsData,
  now: Date,
): Promise<{ version: ProgramVersion }> {
  const version = await data.programs.getVersion(lenderId, month);
  if (!version) throw new NotFoundError(VERSION_NOT_FOUND_MESSAGE);
  const end = body.start + body.rows.length;
  if (end > version.total) throw new BadRequestError(PROGRAM_ROWS_BEYOND_FILE_MESSAGE);
  if (body.start > version.cursor) throw new ConflictError(PROGRAM_IMPORT_OUT_OF_ORDER_MESSAGE);
  // Imported already (a chunk sent twice): nothing to do.
  if (end <= version.cursor || version.status === 'ready') return { version: toVersion(version) };
  const rows: StoredRow[] = body.rows.slice(version.cursor - body.start).map((values, offset) => {
    const index = version.cursor + offset;
    const check = checkProgramRow(values);
    if (!check.row) {
      const message = rowProblemMessage(index, check.field, check.message);
      throw new BadRequestError(message, { [`rows.${index - body.start}.${check.field}`]: message });
    }
    return { ...check.row, lenderId, lenderName: version.lenderName, month, index };
  });
  await data.programs.putRows(rows);
  try {
    return { version: toVersion(await data.programs.advance(version, end, now)) };
  } catch (error) {
    if (error instanceof VersionMovedError) throw new ConflictError(PROGRAM_IMPORT_OUT_OF_ORDER_MESSAGE);
    throw error;
  }
}

const withoutKeys = ({ trimKey: _trimKey, lenderId: _l, lenderName: _n, month: _m, ...row }: StoredRow & { trimKey?: string }) =>
  row;

export async function versionRows(
  identity: Identity,
  lenderId: string,
  month: string,
  cursor: string | undefined,
  data: ProgramsData,
): Promise<VersionRowsResponse> {
  const version = visibleTo(identity, await data.programs.getVersion(lenderId, month));
  if (!version) throw new NotFoundError(VERSION_NOT_FOUND_MESSAGE);
  const page = await data.programs.listVersionRows(
    lenderId,
    month,
    cursor === undefined ? null : Number(cursor),
    PROGRAM_ROWS_PAGE,
  );
  const last = page.rows.at(-1);
  return {
    version: toVersion(version),
    rows: page.rows.map(withoutKeys),
    nextCursor: page.more && last ? String(last.index) : null,
  };
}

/** Money factors carry six decimals: the sum of two is rounded back to them. */
const roundedMoneyFactor = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/**
 * GET /programs/match: the rows for the vehicle, term and mileage in effect on the date in the state (and ZIP), from
 * one Query; a row of every trim (blank) matches any trim. Newest month first within a lender, lenders by name.
 */
export async function matchPrograms(query: z.output<typeof matchQuerySchema>, data: ProgramsData): Promise<MatchResponse> {
  const rows = await data.programs.rowsInEffect(query, query.date, MATCH_ROWS_MAX);
  const trim = vehicleKey(query.trim ?? '');
  const matches = rows
    .filter(
      (row) =>
        row.effectiveFrom <= query.date &&
        (trim === '' || row.trimKey === '' || row.trimKey === trim) &&
        appliesIn(row, query.state, query.zip),
    )
    .sort((a, b) => a.lenderName.localeCompare(b.lenderName) || b.month.localeCompare(a.month) || a.index - b.index)
    .map(({ index, trimKey: _trimKey, ...row }) => ({
      ...row,
      rowIndex: index,
      programLabel: programLabel(row.lenderName, row.month),
      maxMoneyFactor: roundedMoneyFactor(row.buyRateMoneyFactor + row.maxMarkup),
    }));
  return { matches };
}
