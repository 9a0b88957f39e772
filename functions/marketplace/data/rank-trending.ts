/**
 * The trending job's data (a function of its own): the day counters of views, the vehicles (read only: the job never
 * writes a deal, so it loads the deal store's reads without its write path), the snapshot.
 */
import { functionData } from '@functions/lib/data/function-data';
import { dealReadStore } from '@functions/domain/deals/deal-read-store';
import { trendingStore } from './trending';
import { viewStore } from './views';

export const rankTrendingData = functionData((table) => ({
  views: viewStore(table),
  deals: dealReadStore(table),
  trending: trendingStore(table),
}));

export type RankTrendingData = ReturnType<typeof rankTrendingData>;
