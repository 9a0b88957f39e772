/**
 * GET /maturing-deals: the "Maturing" view (docs/decisions.md, "Deal-driven tasks and lease maturity"). One Query of
 * the maturing-leases index (functions/domain/deals/maturity-index.ts) over the window's dates, in everyone's listing
 * or, for a broker in own book, in their own: its cost is the page, whatever the number of deals. No deal is read.
 */
import { addMonths } from '@shared/calendar';
import { MATURING_WINDOW_MONTHS } from '@shared/deals/maturity';
import type { MaturingDeal, MaturingDealsResponse } from '@shared/deals/maturing-api';
import type { Identity } from '@functions/lib/auth-context';
import {
  MATURING_ALL_SCOPE,
  maturingBrokerScope,
  type DealMaturityEntry,
} from '@functions/domain/deals/entities/deal-maturity-entry';
import { decodeCursor, encodeCursor, invalidCursor } from '@functions/lib/http/list-cursor';
import type { DealsData } from './data';

const POSITION = /^\d{4}-\d{2}-\d{2}#[A-Za-z0-9-]{1,64}$/;

function toMaturingDeal(entry: DealMaturityEntry): MaturingDeal {
  return {
    id: entry.dealId,
    status: entry.status as MaturingDeal['status'],
    year: entry.year,
    make: entry.make,
    model: entry.model,
    trim: entry.trim ?? null,
    clientId: entry.clientId ?? null,
    clientName: entry.clientName ?? null,
    brokerId: entry.brokerId,
    termMonths: entry.termMonths,
    leaseStartDate: entry.leaseStartDate,
    maturityDate: entry.maturityDate,
  };
}

/** GET /maturing-deals. */
export async function listMaturingDeals(
  identity: Identity,
  query: { cursor?: string; limit: number },
  data: DealsData,
  now: Date,
): Promise<MaturingDealsResponse> {
  const ownBook = identity.role === 'broker' && (await data.settings.ownBook());
  const scope = ownBook ? maturingBrokerScope(identity.userId) : MATURING_ALL_SCOPE;
  let after: string | undefined;
  if (query.cursor) {
    const [cursorScope, position] = decodeCursor(query.cursor);
    if (cursorScope !== scope || !POSITION.test(position)) throw invalidCursor();
    after = position;
  }
  const from = now.toISOString().slice(0, 10);
  const to = addMonths(from, MATURING_WINDOW_MONTHS);
  const page = await data.maturing.page({ scope, from, to, after, limit: query.limit });
  return {
    from,
    to,
    items: page.entries.map(toMaturingDeal),
    nextCursor: page.lastPosition ? encodeCursor(scope, page.lastPosition) : null,
  };
}
