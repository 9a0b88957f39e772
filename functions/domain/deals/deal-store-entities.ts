/**
 * The entities a deal write touches: the deal and every item derived from it (counters, the marketplace's and the
 * deals list's index items, broker statistics, maturity entries, system tasks). Built lazily, on first use, so a
 * Lambda that only reads deals builds only the deal entity.
 */
import { counterEntity } from '@functions/domain/counters/counter';
import { creditApplicationEntity } from '@functions/domain/credit-applications/credit-application';
import { taskEntity } from '@functions/domain/tasks/task';
import { taskSettingsEntity } from '@functions/domain/tasks/task-settings';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { brokerMonthStatsEntity } from './entities/broker-month-stats';
import { dealEntity } from './entities/deal';
import { dealActivityEntity } from './entities/deal-activity';
import { dealListCountEntity } from './entities/deal-list-count';
import { dealListEntryEntity } from './entities/deal-list-entry';
import { dealMaturityEntryEntity } from './entities/deal-maturity-entry';
import { marketplaceListingEntity } from './entities/marketplace-listing';
import { marketplaceMakeCountEntity } from './entities/marketplace-make-count';
import { proposalEntity, proposalHeadEntity } from './entities/proposal';
import { stockNumberEntity } from './entities/stock-number';
import { vehicleStatsEntity } from './entities/vehicle-stats';

export function dealStoreEntities(table: LeaseDeskTable) {
  return {
    get deal() {
      return dealEntity(table);
    },
    get dealActivity() {
      return dealActivityEntity(table);
    },
    get creditApplication() {
      return creditApplicationEntity(table);
    },
    get stockNumber() {
      return stockNumberEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
    get marketplaceListing() {
      return marketplaceListingEntity(table);
    },
    get marketplaceMakeCount() {
      return marketplaceMakeCountEntity(table);
    },
    get vehicleStats() {
      return vehicleStatsEntity(table);
    },
    get dealListEntry() {
      return dealListEntryEntity(table);
    },
    get dealListCount() {
      return dealListCountEntity(table);
    },
    get brokerMonthStats() {
      return brokerMonthStatsEntity(table);
    },
    get dealMaturityEntry() {
      return dealMaturityEntryEntity(table);
    },
    get task() {
      return taskEntity(table);
    },
    get taskSettings() {
      return taskSettingsEntity(table);
    },
    get proposal() {
      return proposalEntity(table);
    },
    get proposalHead() {
      return proposalHeadEntity(table);
    },
  };
}

export type DealStoreEntities = ReturnType<typeof dealStoreEntities>;
