/**
 * Request and response shapes of the transfers routes (shared/api/routes.ts, feature `transfers`; docs/api.md
 * "CSV import and export"; docs/decisions.md "CSV import and export").
 *
 * Exports: a page of CSV text at a time. The browser asks for the pages one after another (each a bounded Query)
 * and joins them into the downloaded file, so no request holds more than a page and no export meets API Gateway's
 * 30 s or Lambda's response size, whatever the number of rows. The first page starts with the BOM and the header.
 * Brokers export their own records (clients they created, deals they broker, leads assigned to or naming them);
 * admins everything.
 * - GET /exports/clients, GET /exports/deals, GET /exports/leads   ?cursor= -> { csv, rows, nextCursor }
 *
 * Client import (resumable): the screen parses and checks the file, then
 * - POST /client-imports/matches   existing clients with the rows' e-mails or phones (the preview's duplicates)
 * - POST /client-imports           starts the import of a file, or answers the unfinished one of the same file
 * - POST /client-imports/{id}/rows imports the next chunk of rows at the job's cursor (idempotent: a chunk sent
 *                                  again writes nothing twice), and moves the cursor
 */
import * as z from 'zod';
import { CLIENT_CSV_FIELDS } from './client-rows';

export const EXPORT_KINDS = ['clients', 'deals', 'leads'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Rows of one export page: a few hundred KB of CSV, one or two Queries and a BatchGet. */
export const EXPORT_PAGE_ROWS = 500;

export const exportQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(2048, 'Invalid cursor').optional(),
});
export type ExportQuery = z.input<typeof exportQuerySchema>;

export const exportPageResponseSchema = z.object({
  /** CSV text; the first page starts with the BOM and the header row. */
  csv: z.string(),
  rows: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type ExportPage = z.infer<typeof exportPageResponseSchema>;

/** The largest file the import screen reads. */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_FILE_TOO_LARGE_MESSAGE = 'The file must be less than 5MB';
/** The most rows one import takes (a larger book is imported in several files). */
export const IMPORT_ROWS_MAX = 10_000;
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `A file can import at most ${IMPORT_ROWS_MAX.toLocaleString('en-US')} clients`;
export const IMPORT_NOT_CSV_MESSAGE = 'Choose a CSV file (.csv)';
export const IMPORT_NO_ROWS_MESSAGE = 'The file has no rows under its header';
export const IMPORT_NAME_NOT_MAPPED_MESSAGE = 'Choose the column that holds the full name';
export const IMPORT_EMAIL_NOT_MAPPED_MESSAGE = 'Choose the column that holds the email';
/**
 * Rows per POST /client-imports/{id}/rows: each client is its own transaction after two look-ups, so a chunk stays
 * well within 30 s (docs/bench.md, "CSV import and export").
 */
export const IMPORT_CHUNK_ROWS = 50;
export const IMPORT_NOT_FOUND_MESSAGE = 'Import not found';
export const IMPORT_OUT_OF_ORDER_MESSAGE = 'These rows are not the next rows of this import. Reload the import and resume.';
export const IMPORT_ROWS_BEYOND_FILE_MESSAGE = 'These rows are beyond the end of the file';

export const DUPLICATE_POLICIES = ['skip', 'update'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

const cell = z.string().max(4000, 'Invalid input');
/** A row's mapped values as text; the server checks each with the client schema again. */
export const importRowSchema = z.strictObject(
  Object.fromEntries(CLIENT_CSV_FIELDS.map((field) => [field, cell.optional()])) as {
    [K in (typeof CLIENT_CSV_FIELDS)[number]]: z.ZodOptional<typeof cell>;
  },
);

export const clientMatchesRequestSchema = z.object({
  rows: z
    .array(z.object({ email: z.string().max(320).optional(), phone: z.string().max(64).optional() }))
    .min(1, 'Invalid input')
    .max(500, 'Invalid input'),
});
export type ClientMatchesRequest = z.input<typeof clientMatchesRequestSchema>;

export const clientMatchSchema = z.object({
  /** The row of the request. */
  index: z.number().int(),
  clientId: z.string(),
  fullName: z.string(),
  by: z.enum(['email', 'phone']),
});
export type ClientMatch = z.infer<typeof clientMatchSchema>;
export const clientMatchesResponseSchema = z.object({ matches: z.array(clientMatchSchema) });
export type ClientMatchesResponse = z.infer<typeof clientMatchesResponseSchema>;

export const startImportRequestSchema = z.object({
  /** SHA-256 of the file's text, hex: the same file resumes its unfinished import. */
  fileHash: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid input'),
  fileName: z.string().trim().min(1, 'Invalid input').max(255, 'Invalid input'),
  /** Data rows (the header not counted). */
  total: z.number().int().min(1, IMPORT_NO_ROWS_MESSAGE).max(IMPORT_ROWS_MAX, IMPORT_TOO_MANY_ROWS_MESSAGE),
  onDuplicate: z.enum(DUPLICATE_POLICIES, 'Invalid input'),
});
export type StartImportRequest = z.input<typeof startImportRequestSchema>;

export const importIdParamsSchema = z.object({
  id: z
    .string()
    .max(64, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
});

export const importCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  invalid: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  /** Rows imported so far: the next chunk starts here. */
  cursor: z.number().int(),
  onDuplicate: z.enum(DUPLICATE_POLICIES),
  status: z.enum(['running', 'done']),
  counts: importCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importRowsRequestSchema = z.object({
  /** The index (0-based, among the data rows) of the chunk's first row. */
  start: z.number().int().min(0, 'Invalid input'),
  rows: z.array(importRowSchema).min(1, 'Invalid input').max(IMPORT_CHUNK_ROWS, 'Invalid input'),
});
export type ImportRowsRequest = z.input<typeof importRowsRequestSchema>;

export const IMPORT_ROW_OUTCOMES = ['created', 'updated', 'skipped', 'invalid'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export const importRowsResponseSchema = z.object({
  job: importJobSchema,
  /** What happened to each row of the chunk not imported before (skipped and invalid rows say why). */
  results: z.array(z.object({ index: z.number().int(), outcome: z.enum(IMPORT_ROW_OUTCOMES), message: z.string().nullable() })),
});
export type ImportRowsResponse = z.infer<typeof importRowsResponseSchema>;

export const DUPLICATE_SKIPPED_MESSAGE = 'A client with this email or phone exists already';
export const DUPLICATE_NOT_YOURS_MESSAGE = "The existing client is another broker's: it was not updated";
export const DUPLICATE_EMAIL_ELSEWHERE_MESSAGE = 'Another client has this email: it was not updated';
export const ROW_IMPORTED_BEFORE_MESSAGE = 'This row was imported before, by an earlier import of the same file';
