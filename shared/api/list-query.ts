/**
 * The query of a card list paged by cursor, with a make filter and a search box: the deals list (GET /deals) and the
 * marketplace (GET /marketplace/vehicles). One builder, so both accept the same values with the same messages and
 * defaults; each list adds its own filter (the deals' status, the marketplace's tab) and names its page and search
 * sizes. What a search matches is the list's own rule (shared/deals/list-api.ts, shared/marketplace/api.ts).
 */
import * as z from 'zod';
import { TEXT_LIMITS } from '../constants';

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';
export const INVALID_LIMIT_MESSAGE = 'Invalid limit';
export const INVALID_MAKE_MESSAGE = 'Invalid make';

/** "Search must be at most 100 characters". */
export function searchTooLongMessage(max: number): string {
  return `Search must be at most ${max} characters`;
}

/** Longer than any cursor the API writes: a longer one is refused before it is decoded. */
export const CURSOR_MAX_LENGTH = 2048;

export interface ListQuerySizes {
  /** Cards a page holds when the query names no `limit`, and the most it may name. */
  pageSize: { default: number; max: number };
  /** The longest search, in characters (after trimming). */
  searchMax: number;
}

/** A trimmed optional text; blank reads as absent. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** The list's own filter (e.g. `{ status: z.enum(...).default('all') }`), then the fields every such list has. */
export function listQuerySchema<Filter extends z.ZodRawShape>(filter: Filter, sizes: ListQuerySizes) {
  return z.object(filter).extend({
    /** A make exactly as listed in `makes` (case does not matter); absent or blank = All Makes. */
    make: optionalText(TEXT_LIMITS.make, INVALID_MAKE_MESSAGE),
    /** The search box: every word must start a word of the card (the list says which); absent or blank = none. */
    q: optionalText(sizes.searchMax, searchTooLongMessage(sizes.searchMax)),
    /** Opaque: the `nextCursor` of the previous page of the same filter, make and search. */
    cursor: z.string().max(CURSOR_MAX_LENGTH, INVALID_CURSOR_MESSAGE).optional(),
    limit: z.coerce
      .number(INVALID_LIMIT_MESSAGE)
      .int(INVALID_LIMIT_MESSAGE)
      .min(1, INVALID_LIMIT_MESSAGE)
      .max(sizes.pageSize.max, INVALID_LIMIT_MESSAGE)
      .default(sizes.pageSize.default),
  });
}
