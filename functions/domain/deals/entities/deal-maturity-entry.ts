/**
 * A maturing-leases entry (docs/data-model.md, "Deal-driven tasks and lease maturity"): a sparse, hand-maintained index
 * of finalized and closed lease deals by maturity date, written in the deal's own transaction
 * (../deals/maturity-index.ts). One entry in everyone's listing and one in the deal's broker's, each sorted by maturity
 * date, so the "Maturing" view is one Query of a date range and carries what the screen shows (client, vehicle) without
 * reading the deals.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const MATURING_PARTITION_PREFIX = 'MATURING#';
/** Everyone's maturing leases (admins, brokers in the shared book). */
export const MATURING_ALL_SCOPE = 'all';
/** One broker's maturing leases (brokers in own book). */
export const maturingBrokerScope = (brokerId: string) => `broker#${brokerId}`;

export const dealMaturityEntrySchema = item({
  /** "all" or "broker#{brokerId}". */
  scope: string().key(),
  /** "{maturityDate}#{dealId}": a date range is a `between` on it. */
  position: string().key(),
  dealId: string(),
  brokerId: string(),
  /** YYYY-MM-DD. */
  leaseStartDate: string(),
  maturityDate: string(),
  termMonths: number(),
  status: string(),
  clientId: string().optional(),
  clientName: string().optional(),
  year: number(),
  make: string(),
  model: string(),
  trim: string().optional(),
});

export const dealMaturityEntryEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealMaturityEntry',
      table,
      schema: dealMaturityEntrySchema,
      computeKey: ({ scope, position }) => ({ pk: `${MATURING_PARTITION_PREFIX}${scope}`, sk: position }),
    }),
);

export type DealMaturityEntry = FormattedItem<ReturnType<typeof dealMaturityEntryEntity>>;
