/** Running totals per marketplace vehicle, kept apart from the deal so a view never rewrites the deal's index entries. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const vehicleStatsSchema = item({
  vehicleId: string().key(),
  views: number().optional(),
  /** Client deals created from this vehicle (`sourceVehicleId`) whose status is pending; kept by the deal's transaction. */
  pendingDeals: number().optional(),
});

export const vehicleStatsEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'vehicleStats',
      table,
      schema: vehicleStatsSchema,
      computeKey: ({ vehicleId }) => ({ pk: `DEAL#${vehicleId}`, sk: 'STATS' }),
    }),
);

export type VehicleStats = FormattedItem<ReturnType<typeof vehicleStatsEntity>>;
