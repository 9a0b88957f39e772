/**
 * The archive (`/archived-deals`, admins only): expired deals, latest expiration date first, one Query per page
 * from the status + expiration-date index, whatever the table holds.
 */
import type { ArchivedDealsResponse } from '@shared/deals/api';
import type { DealsData } from './data';
import type { Deal, ExpiredDealsCursor } from '@functions/domain/deals/deals';
import { vehicleFields } from '@functions/domain/deals/deal-views';
import { decodeCursor, encodeCursor, invalidCursor } from '@functions/lib/http/list-cursor';

export function encodeArchiveCursor(cursor: ExpiredDealsCursor): string {
  return encodeCursor(cursor.expirationDate, cursor.id);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The cursor's position: a day and a deal id, or 400 (never a key DynamoDB would refuse with a 500). */
export function decodeArchiveCursor(cursor: string): ExpiredDealsCursor {
  const [expirationDate, id] = decodeCursor(cursor);
  if (!DAY.test(expirationDate) || !ID.test(id)) throw invalidCursor();
  return { expirationDate, id };
}

function toArchivedDeal(deal: Deal): ArchivedDealsResponse['items'][number] {
  return {
    ...vehicleFields(deal),
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
  data: DealsData,
): Promise<ArchivedDealsResponse> {
  const after = query.cursor ? decodeArchiveCursor(query.cursor) : undefined;
  const page = await data.deals.pageExpired({ limit: query.limit, after });
  return { items: page.deals.map(toArchivedDeal), nextCursor: page.next ? encodeArchiveCursor(page.next) : null };
}
