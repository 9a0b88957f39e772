/** The deal-expiry job's data (a function of its own): the deal aggregate only. */
import { functionData } from '@functions/lib/data/function-data';
import { dealStore } from '@functions/domain/deals/deals';

export const expireDealsData = functionData((table) => ({ deals: dealStore(table) }));

export type ExpireDealsData = ReturnType<typeof expireDealsData>;
