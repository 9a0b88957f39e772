/**
 * The marketplace function's data: vehicles are deals (the deal aggregate in functions/lib/data writes them with
 * their marketplace index); this feature reads that index, counts views and reads the trending snapshot.
 */
import { functionData } from '@functions/lib/data/function-data';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { dealStore } from '@functions/domain/deals/deals';
import { userStore } from '@functions/domain/users/users';
import { marketplaceStore } from './marketplace';
import { trendingStore } from './trending';
import { viewStore } from './views';

export const marketplaceData = functionData((table) => ({
  deals: dealStore(table),
  marketplace: marketplaceStore(table),
  users: userStore(table),
  dealerships: dealershipStore(table),
  views: viewStore(table),
  trending: trendingStore(table),
}));

export type MarketplaceData = ReturnType<typeof marketplaceData>;
