/**
 * Who is asking a deal route and which deals they may see (functions/lib/deal-visibility.ts, shared with the
 * credit-applications feature), and what they may do with one.
 */
import type { Deal } from '../lib/data/stores/deals';
import type { Caller } from '../lib/deal-visibility';

export { callerOf, canSeeDeal, visibleDeal, type Caller } from '../lib/deal-visibility';

/** Pure: whether the Edit Deal button leads anywhere (a closed deal is an admin's only). */
export function canEditDeal(caller: Pick<Caller, 'role' | 'mayWrite'>, deal: Pick<Deal, 'status'>): boolean {
  if (caller.role === 'admin') return true;
  if (caller.role === 'consumer' || !caller.mayWrite) return false;
  return deal.status !== 'closed';
}
