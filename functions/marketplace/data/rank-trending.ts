/** The trending job's data (a function of its own): the day counters of views, the vehicles, the snapshot. */
import { functionData } from '@functions/lib/data/function-data';
import { dealStore } from '@functions/domain/deals/deals';
import { trendingStore } from './trending';
import { viewStore } from './views';

export const rankTrendingData = functionData((table) => ({
  views: viewStore(table),
  deals: dealStore(table),
  trending: trendingStore(table),
}));

export type RankTrendingData = ReturnType<typeof rankTrendingData>;
