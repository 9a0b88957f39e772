/**
 * Reading the broker performance figures per month; the deal aggregate writes them in each deal's own transaction
 * (functions/domain/deals/broker-stats.ts).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import {
  brokerMonthStatsEntity,
  BROKER_STATS_PARTITION,
  brokerStatsMonthPrefix,
} from '@functions/domain/deals/entities/broker-month-stats';
import { queryAll } from '@functions/lib/data/query';
import type { BrokerMonthFigures } from '@functions/domain/deals/broker-stats';
import type { LeaseDeskTable } from '@functions/lib/data/table';

/** One broker's figures in one month. */
export interface BrokerMonth extends BrokerMonthFigures {
  brokerId: string;
  month: string;
}

const toFigures = (item: {
  brokerId: string;
  month: string;
  dealsCreated?: number;
  dealsClosed?: number;
  feeCents?: number;
}) => ({
  brokerId: item.brokerId,
  month: item.month,
  dealsCreated: item.dealsCreated ?? 0,
  dealsClosed: item.dealsClosed ?? 0,
  feeCents: item.feeCents ?? 0,
});

export function brokerStatsStore(table: LeaseDeskTable) {
  const entities = {
    get brokerMonthStats() {
      return brokerMonthStatsEntity(table);
    },
  };
  return {
    /**
     * Every broker's figures in the months `from` to `to` (YYYY-MM, inclusive): one Query whose size is brokers x
     * months with figures, whatever the table holds. A broker-month with no figures is absent.
     */
    async months(from: string, to: string): Promise<BrokerMonth[]> {
      const items = await queryAll(entities.brokerMonthStats, {
        partition: BROKER_STATS_PARTITION,
        range: { between: [brokerStatsMonthPrefix(from), `${brokerStatsMonthPrefix(to)}~`] },
      });
      return items.map(toFigures);
    },

    /** One broker's figures in one month (zeros when there are none). */
    async get(brokerId: string, month: string): Promise<BrokerMonth> {
      const { Item } = await entities.brokerMonthStats.build(GetItemCommand).key({ brokerId, month }).send();
      return toFigures(Item ?? { brokerId, month });
    },
  };
}
