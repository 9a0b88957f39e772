/**
 * The archive (`/archived-deals`, admins only): expired deals, latest expiration date first, one Query per page
 * from the status + expiration-date index, whatever the table holds.
 */
import { INVALID_CURSOR_MESSAGE, type ArchivedDealsResponse } from '@shared/deals/api';
import type { DealsData } from './data';
import type { Deal, ExpiredDealsCursor } from '@functions/lib/data/deals/deals';
import { BadRequestError } from '../lib/errors';

export function encodeArchiveCursor(cursor: ExpiredDealsCursor): string {
  return Buffer.from(JSON.stringify([cursor.expirationDate, cursor.id]), 'utf8').toString('base64url');
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The cursor's position; anything that is not one of ours is a 400 (never a key DynamoDB would refuse with a 500). */
export function decodeArchiveCursor(cursor: string): ExpiredDealsCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [expirationDate, id] = value as unknown[];
      if (typeof expirationDate === 'string' && DAY.test(expirationDate) && typeof id === 'string' && ID.test(id)) {
        return { expirationDate, id };
      }
    }
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw new BadRequestError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
}

function toArchivedDeal(deal: Deal): ArchivedDealsResponse['items'][number] {
  return {
    id: deal.id,
    year: deal.year,
    make: deal.make,
    model: deal.model,
    trim: deal.trim ?? null,
    stockNumber: deal.stockNumber ?? null,
    // Every deal in the index has one: the index is sparse on it.
    expirationDate: deal.expirationDate ?? '',
    clientName: deal.clientName ?? null,
    monthlyPayment: deal.monthlyPayment,
    createdAt: deal.createdAt,
  };
}

/** GET /archived-deals. */
export async function listArchivedDeals(
  query: { cursor?: string; limit: number },
  data: Pick<DealsData, 'deals'>,
): Promise<ArchivedDealsResponse> {
  const after = query.cursor ? decodeArchiveCursor(query.cursor) : undefined;
  const page = await data.deals.pageExpired({ limit: query.limit, after });
  return { items: page.deals.map(toArchivedDeal), nextCursor: page.next ? encodeArchiveCursor(page.next) : null };
}
