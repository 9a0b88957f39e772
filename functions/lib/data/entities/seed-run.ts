/** The demo seed's completion marker: read first, written last, so the seed runs once per table. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '../table';
import { ENTITY_DEFAULTS } from './keys';

export const seedRunSchema = item({
  name: string().key(),
  completedAt: string(),
});

export const seedRunEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'seedRun',
      table,
      schema: seedRunSchema,
      computeKey: ({ name }) => ({ pk: `SEED#${name}`, sk: 'SEED' }),
    }),
);

export type SeedRun = FormattedItem<ReturnType<typeof seedRunEntity>>;
