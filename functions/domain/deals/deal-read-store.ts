/**
 * The deal store's reads alone (./deal-reads.ts), for a function that never writes a deal (the rank-trending job).
 * It builds only the three entities the reads use, and loads neither the write path (./deal-writes.ts: the commission
 * ledger, the brokered-vehicle log, the system tasks, the derived items) nor the schemas of the entities that path
 * writes: a job's cold start evaluates only the code it can run (docs/architecture.md, "Cold start").
 */
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { dealReads, type DealReads } from './deal-reads';
import { dealEntity } from './entities/deal';
import { dealActivityEntity } from './entities/deal-activity';
import { stockNumberEntity } from './entities/stock-number';

export function dealReadStore(table: LeaseDeskTable): DealReads {
  return dealReads(table, {
    get deal() {
      return dealEntity(table);
    },
    get dealActivity() {
      return dealActivityEntity(table);
    },
    get stockNumber() {
      return stockNumberEntity(table);
    },
  });
}
