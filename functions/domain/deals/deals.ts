/**
 * The deal store: deals (client deals and marketplace vehicles) and the items derived from them, behind one port.
 * Its reads are in ./deal-reads.ts; its writes, each one transaction with every derived item, in ./deal-writes.ts
 * (the stock a write moves on a marketplace vehicle in ./deal-stock.ts). Features depend on `DealStore`, not on how
 * it is built, so a test or a tool can give a feature a store of its own.
 */
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { dealReads, type DealReads } from './deal-reads';
import { dealStoreEntities } from './deal-store-entities';
import { dealWrites, type DealWrites } from './deal-writes';

export type { Deal } from './entities/deal';
export { normalizeStockNumber } from './entities/stock-number';
export type { ExpiredDealsCursor } from './deal-reads';
export { STOCK_NUMBER_TAKEN, type DealActivityEntry, type DealFields } from './deal-writes';

/** The deal store's port: every read and write a feature may make on deals. */
export interface DealStore extends DealReads, DealWrites {}

export function dealStore(table: LeaseDeskTable): DealStore {
  const entities = dealStoreEntities(table);
  return { ...dealReads(table, entities), ...dealWrites(table, entities) };
}
