/**
 * Request and response shapes of the lender programs routes (shared/api/routes.ts, feature `programs`; docs/api.md
 * "Programs"; docs/decisions.md "Programs"). Admins keep lenders and import their monthly programs from CSV; approved
 * brokers read them and match a vehicle to its program rows.
 * - GET  /programs/lenders                                   the lenders, by name
 * - POST /programs/lenders                                   a new lender (a name no other lender has)
 * - GET  /programs/lenders/{lenderId}/versions               a lender's programs by month, newest first
 * - POST /programs/lenders/{lenderId}/versions               starts the import of a month's program (or answers the
 *                                                            unfinished import of the same file: resume)
 * - GET  /programs/lenders/{lenderId}/versions/{month}/rows  a page of a month's rows, in file order
 * - POST /programs/lenders/{lenderId}/versions/{month}/rows  imports the next chunk at the version's cursor
 * - GET  /programs/match                                     the program rows for a vehicle, term, mileage, state, date
 */
import * as z from 'zod';
import { INCENTIVE_KINDS, PROGRAM_CSV_FIELDS, PROGRAM_YEAR_MAX, PROGRAM_YEAR_MIN } from './rows';

export const LENDER_NAME_MAX = 80;
export const LENDER_NAME_REQUIRED_MESSAGE = 'Lender name is required';
export const LENDER_NAME_TAKEN_MESSAGE = 'A lender with this name exists already';
export const LENDER_NOT_FOUND_MESSAGE = 'Lender not found';
export const VERSION_NOT_FOUND_MESSAGE = 'Program not found';
export const VERSION_EXISTS_MESSAGE =
  'This lender has a program for this month already: a new program is imported as a new month';
export const VERSION_OTHER_FILE_MESSAGE = "This month's import is under way with another file: resume it with the same file";
export const PROGRAM_IMPORT_OUT_OF_ORDER_MESSAGE =
  'These rows are not the next rows of this import. Reload the program and resume.';
export const PROGRAM_ROWS_BEYOND_FILE_MESSAGE = 'These rows are beyond the end of the file';
export const PROGRAM_NO_ROWS_MESSAGE = 'The file has no rows under its header';
/** The most rows one month's program takes. */
export const PROGRAM_ROWS_MAX = 10_000;
export const PROGRAM_TOO_MANY_ROWS_MESSAGE = `A program can have at most ${PROGRAM_ROWS_MAX.toLocaleString('en-US')} rows`;
/** Rows per POST .../rows: written in BatchWrites of 25, a chunk is a handful of requests (docs/bench.md, "Programs"). */
export const PROGRAM_CHUNK_ROWS = 100;
/** Rows per page of GET .../rows. */
export const PROGRAM_ROWS_PAGE = 200;
/**
 * The most rows one match reads (its one Query's limit): the rows of one vehicle, term and mileage still in effect on
 * the date, over every lender and month. A lender's month has a row per trim at most, so this is far above a real
 * answer (docs/data-model.md, "Programs").
 */
export const MATCH_ROWS_MAX = 500;

export const lenderIdSchema = z
  .string()
  .max(80, 'Invalid id')
  .regex(/^[a-z0-9-]+$/, 'Invalid id');
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a month (YYYY-MM)');

export const lenderParamsSchema = z.object({ lenderId: lenderIdSchema });
export const versionParamsSchema = z.object({ lenderId: lenderIdSchema, month: monthSchema });

export const createLenderRequestSchema = z.object({
  name: z
    .string(LENDER_NAME_REQUIRED_MESSAGE)
    .trim()
    .min(1, LENDER_NAME_REQUIRED_MESSAGE)
    .max(LENDER_NAME_MAX, `Lender name must be at most ${LENDER_NAME_MAX} characters`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Lender name cannot contain control characters')
    .regex(/[A-Za-z0-9]/, 'Lender name must contain a letter or a digit'),
});
export type CreateLenderRequest = z.input<typeof createLenderRequestSchema>;

export const lenderSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type Lender = z.infer<typeof lenderSchema>;
export const lendersResponseSchema = z.object({ lenders: z.array(lenderSchema) });
export type LendersResponse = z.infer<typeof lendersResponseSchema>;

export const programVersionSchema = z.object({
  lenderId: z.string(),
  month: z.string(),
  /** "Example Auto Finance, December 2026 program". */
  label: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  /** Rows imported so far: the next chunk starts here. */
  cursor: z.number().int(),
  /** `importing` until every row is in; brokers see only `ready` programs. */
  status: z.enum(['importing', 'ready']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProgramVersion = z.infer<typeof programVersionSchema>;
export const versionsResponseSchema = z.object({ lender: lenderSchema, versions: z.array(programVersionSchema) });
export type VersionsResponse = z.infer<typeof versionsResponseSchema>;

export const startProgramImportRequestSchema = z.object({
  month: monthSchema,
  /** SHA-256 of the rows, hex: the same file resumes its unfinished import. */
  fileHash: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid input'),
  fileName: z.string().trim().min(1, 'Invalid input').max(255, 'Invalid input'),
  total: z.number().int().min(1, PROGRAM_NO_ROWS_MESSAGE).max(PROGRAM_ROWS_MAX, PROGRAM_TOO_MANY_ROWS_MESSAGE),
});
export type StartProgramImportRequest = z.input<typeof startProgramImportRequestSchema>;

const cell = z.string().max(2000, 'Invalid input');
/** A row's mapped values as text; the server checks each with the same rules as the preview (shared/programs/rows.ts). */
export const programImportRowSchema = z.strictObject(
  Object.fromEntries(PROGRAM_CSV_FIELDS.map((field) => [field, cell.optional()])) as {
    [K in (typeof PROGRAM_CSV_FIELDS)[number]]: z.ZodOptional<typeof cell>;
  },
);

export const programImportRowsRequestSchema = z.object({
  /** The index (0-based, among the data rows) of the chunk's first row. */
  start: z.number().int().min(0, 'Invalid input'),
  rows: z.array(programImportRowSchema).min(1, 'Invalid input').max(PROGRAM_CHUNK_ROWS, 'Invalid input'),
});
export type ProgramImportRowsRequest = z.input<typeof programImportRowsRequestSchema>;
export const programImportRowsResponseSchema = z.object({ version: programVersionSchema });

const incentiveSchema = z.object({
  name: z.string(),
  amount: z.number(),
  kind: z.enum(INCENTIVE_KINDS),
  stacksWith: z.array(z.enum(INCENTIVE_KINDS)),
});

export const programRowSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  termMonths: z.number().int(),
  milesPerYear: z.number().int(),
  residualPercent: z.number(),
  buyRateMoneyFactor: z.number(),
  maxMarkup: z.number(),
  acquisitionFee: z.object({ amount: z.number(), taxable: z.boolean() }),
  securityDeposits: z
    .object({ reductionEach: z.number(), maxCount: z.number().int(), roundingTo: z.number(), floor: z.number() })
    .nullable(),
  onePay: z.object({ allowed: z.boolean(), moneyFactor: z.number().nullable() }),
  incentives: z.array(incentiveSchema),
  states: z.array(z.string()),
  zipPrefixes: z.array(z.string()),
  effectiveFrom: z.string(),
  effectiveTo: z.string(),
});

export const rowsQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,5}$/, 'Invalid cursor')
    .optional(),
});
export const versionRowsResponseSchema = z.object({
  version: programVersionSchema,
  rows: z.array(programRowSchema.extend({ index: z.number().int() })),
  nextCursor: z.string().nullable(),
});
export type VersionRowsResponse = z.infer<typeof versionRowsResponseSchema>;

const queryInt = (message: string, min: number, max: number) =>
  z
    .string(message)
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

export const matchQuerySchema = z.object({
  year: queryInt(
    `Year must be a whole number from ${PROGRAM_YEAR_MIN} to ${PROGRAM_YEAR_MAX}`,
    PROGRAM_YEAR_MIN,
    PROGRAM_YEAR_MAX,
  ),
  make: z.string('Make is required').trim().min(1, 'Make is required').max(60, 'Invalid input'),
  model: z.string('Model is required').trim().min(1, 'Model is required').max(60, 'Invalid input'),
  /** Blank or absent: every trim's rows. */
  trim: z.string().trim().max(60, 'Invalid input').optional(),
  termMonths: queryInt('Term must be a whole number of months from 1 to 120', 1, 120),
  milesPerYear: queryInt('Miles per year must be a whole number from 1000 to 100000', 1000, 100_000),
  state: z
    .string('State is required')
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'State must be a two-letter code')
    .transform((state) => state.toUpperCase()),
  zip: z
    .string()
    .regex(/^\d{5}$/, 'ZIP must be 5 digits')
    .optional(),
  date: z
    .string('Date is required')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date (YYYY-MM-DD)')
    .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), 'Date must be a date (YYYY-MM-DD)'),
});
export type MatchQuery = z.input<typeof matchQuerySchema>;

export const programMatchSchema = programRowSchema.extend({
  lenderId: z.string(),
  lenderName: z.string(),
  month: z.string(),
  /** "Example Auto Finance, December 2026 program": how a desk names where the numbers come from. */
  programLabel: z.string(),
  /** The highest money factor the row allows: buy rate plus the most markup. */
  maxMoneyFactor: z.number(),
  /** The row's place in its month's file: with the lender and month, what a desked deal names (shared/programs/desk.ts). */
  rowIndex: z.number().int(),
});
export type ProgramMatch = z.infer<typeof programMatchSchema>;
export const matchResponseSchema = z.object({ matches: z.array(programMatchSchema) });
export type MatchResponse = z.infer<typeof matchResponseSchema>;
