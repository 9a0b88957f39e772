/**
 * The daily deal-expiry job (EventBridge Scheduler; locally on a timer and `npm run job -- expire-deals`).
 * Deals whose expiration date is before today (UTC) and whose status is not expired, closed or finalized become
 * expired and archived. It reads only those deals, from the status + expiration-date index. Re-running it
 * changes nothing more, and a deal edited while the job runs is left for the next run.
 */
import { defaultData, type Data } from '../lib/data';
import { EXPIRABLE_DEAL_STATUSES } from '../lib/data/enums';
import type { Deal } from '@functions/lib/data/stores/deals';
import { utcDay } from '../lib/dates';
import { ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';

export interface ExpiryResult {
  examined: number;
  expired: number;
  /** Changed by someone else while the job ran. */
  skipped: number;
}

/** Pure: whether `deal` is due to expire on `today` (YYYY-MM-DD). */
export function isDueToExpire(deal: Pick<Deal, 'status' | 'expirationDate'>, today: string): boolean {
  return (
    !!deal.expirationDate && deal.expirationDate < today && (EXPIRABLE_DEAL_STATUSES as readonly string[]).includes(deal.status)
  );
}

export async function expireDeals(data: Pick<Data, 'deals'>, now: Date): Promise<ExpiryResult> {
  const today = utcDay(now);
  const candidates = (await data.deals.listExpiredBefore(today)).filter((deal) => isDueToExpire(deal, today));
  const result: ExpiryResult = { examined: candidates.length, expired: 0, skipped: 0 };
  for (const deal of candidates) {
    try {
      await data.deals.replace(deal, { ...deal, status: 'expired', isArchived: true });
      result.expired++;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      result.skipped++;
    }
  }
  return result;
}

export const handler = async (): Promise<ExpiryResult> => {
  const result = await expireDeals(defaultData(), new Date());
  logger.info('expire-deals finished', { ...result });
  return result;
};
