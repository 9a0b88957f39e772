/** One view counter per UTC day and vehicle: trending reads the window's day partitions. Expires by TTL. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const viewDayPartition = (day: string) => `VIEWDAY#${day}`;

export const vehicleViewDaySchema = item({
  /** YYYY-MM-DD (UTC). */
  day: string().key(),
  vehicleId: string().key(),
  views: number().optional(),
  expiresAt: number().optional(),
});

export const vehicleViewDayEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'vehicleViewDay',
      table,
      schema: vehicleViewDaySchema,
      computeKey: ({ day, vehicleId }) => ({ pk: viewDayPartition(day), sk: vehicleId }),
    }),
);

export type VehicleViewDay = FormattedItem<ReturnType<typeof vehicleViewDayEntity>>;
