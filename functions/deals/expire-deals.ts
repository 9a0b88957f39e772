/**
 * The daily deal-expiry job (EventBridge Scheduler; locally on a timer and `npm run job -- expire-deals`).
 * Deals whose expiration date is before today (UTC) and whose status is not expired, closed or finalized become
 * expired and archived, with an "expired" entry in their activity trail, in one transaction each. It reads only
 * those deals, from the status + expiration-date index.
 *
 * Idempotent, also when two runs overlap: each deal is replaced on the revision read, so of two runs (or a run
 * and a person saving the deal) exactly one write wins; the loser re-reads the deal and expires it only if it is
 * still due (a deal someone just closed, or another run just expired, is skipped). Counts stay right because
 * they move in the deal's own transaction.
 */
import { expireDealsData, type ExpireDealsData } from './data/expire-deals';
import { EXPIRABLE_DEAL_STATUSES } from '@functions/domain/enums';
import type { Deal } from '@functions/domain/deals/deals';
import { utcDay } from '@functions/lib/dates';
import { StoreConflictError } from '@functions/lib/data/errors';
import { logger } from '@functions/lib/logger';
import { activityEntry, SYSTEM_ACTOR } from '@functions/domain/deals/activity';

export interface ExpiryResult {
  examined: number;
  expired: number;
  /** No longer due when written: changed by someone else, or expired by another run, meanwhile. */
  skipped: number;
}

/** Pure: whether `deal` is due to expire on `today` (YYYY-MM-DD). */
export function isDueToExpire(deal: Pick<Deal, 'status' | 'expirationDate'>, today: string): boolean {
  return (
    !!deal.expirationDate && deal.expirationDate < today && (EXPIRABLE_DEAL_STATUSES as readonly string[]).includes(deal.status)
  );
}

/** How often one deal is re-read after losing a race before the job leaves it for tomorrow's run. */
const ATTEMPTS_PER_DEAL = 3;

/** Expires one deal; false when it is no longer due. */
async function expireOne(candidate: Deal, today: string, now: Date, data: ExpireDealsData): Promise<boolean> {
  let deal: Deal | null = candidate;
  for (let attempt = 1; attempt <= ATTEMPTS_PER_DEAL; attempt++) {
    if (!deal || !isDueToExpire(deal, today)) return false;
    const activity = activityEntry({
      kind: 'expired',
      actor: SYSTEM_ACTOR,
      changes: [{ field: 'status', before: deal.status, after: 'expired' }],
      now,
    });
    try {
      await data.deals.replace(deal, { ...deal, status: 'expired', isArchived: true }, activity);
      return true;
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      deal = await data.deals.get(candidate.id);
    }
  }
  return false;
}

export async function expireDeals(data: ExpireDealsData, now: Date): Promise<ExpiryResult> {
  const today = utcDay(now);
  const candidates = (await data.deals.listExpiredBefore(today)).filter((deal) => isDueToExpire(deal, today));
  const result: ExpiryResult = { examined: candidates.length, expired: 0, skipped: 0 };
  for (const deal of candidates) {
    if (await expireOne(deal, today, now, data)) result.expired++;
    else result.skipped++;
  }
  return result;
}

export const handler = async (): Promise<ExpiryResult> => {
  const result = await expireDeals(expireDealsData(), new Date());
  logger.info('expire-deals finished', { ...result });
  return result;
};
