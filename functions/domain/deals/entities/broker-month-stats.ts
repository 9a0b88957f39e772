/**
 * One broker's performance figures in one calendar month (UTC), changed only by atomic ADDs in the deal write
 * transaction (../deals/broker-stats.ts). Every broker-month lives in one partition sorted by month then broker,
 * so the performance page reads a month, or the 6 months of its charts, with one Query whose size depends on the
 * number of brokers and months, never on the number of deals.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const BROKER_STATS_PARTITION = 'BROKERSTATS';
/** Sort keys of a month start with this; `~` sorts after every broker id, closing a month range. */
export const brokerStatsMonthPrefix = (month: string) => `MONTH#${month}#`;

export const brokerMonthStatsSchema = item({
  /** YYYY-MM (UTC). */
  month: string().key(),
  brokerId: string().key(),
  /** Deals whose created_at falls in the month. */
  dealsCreated: number().optional(),
  /** Deals with status closed whose deal_closed_at falls in the month. */
  dealsClosed: number().optional(),
  /** Dealer fee + client fee of those closed deals, in whole cents (exact under repeated adds and subtractions). */
  feeCents: number().optional(),
});

export const brokerMonthStatsEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'brokerMonthStats',
      table,
      schema: brokerMonthStatsSchema,
      computeKey: ({ month, brokerId }) => ({ pk: BROKER_STATS_PARTITION, sk: `${brokerStatsMonthPrefix(month)}${brokerId}` }),
    }),
);

export type BrokerMonthStatsItem = FormattedItem<ReturnType<typeof brokerMonthStatsEntity>>;
