/**
 * The opaque cursor of every paged list: two strings, as JSON in base64url. A listing's cursor carries the listing it
 * belongs to and the position to continue after, so it cannot be replayed against another listing; every part is
 * checked to be one a page of ours could have produced (DynamoDB refuses a start key from another partition, or a
 * sort key over 1,024 bytes, with an error that would be our 500). Anything else answers 400 "Invalid cursor".
 */
import { BadRequestError } from '../errors';

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

/** DynamoDB's limit on a sort key, hence on any part of a cursor that becomes one. */
const SORT_KEY_MAX_BYTES = 1024;

export function invalidCursor(): BadRequestError {
  return new BadRequestError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
}

export function encodeCursor(first: string, second: string): string {
  return Buffer.from(JSON.stringify([first, second]), 'utf8').toString('base64url');
}

/** The two parts of a cursor of ours: non-empty strings, each within a sort key's size; 400 for anything else. */
export function decodeCursor(value: string): [string, string] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const isPart = (part: unknown): part is string =>
    typeof part === 'string' && part.length > 0 && Buffer.byteLength(part) <= SORT_KEY_MAX_BYTES;
  if (Array.isArray(decoded) && decoded.length === 2 && isPart(decoded[0]) && isPart(decoded[1])) return [decoded[0], decoded[1]];
  throw invalidCursor();
}

/** The position `listing`'s next page starts after, from a cursor of `encodeCursor(listing, position)`; else 400. */
export function decodeListingCursor(value: string, listing: string): string {
  const [cursorListing, after] = decodeCursor(value);
  if (cursorListing !== listing) throw invalidCursor();
  return after;
}
