/**
 * The ids of the published academy items, in one small item kept in the same transaction as every publish,
 * unpublish and delete. A learner's progress (completed published items / published items) is this item plus the
 * learner's own progress records: it never reads the content itself, whose articles can be long.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const ACADEMY_CATALOG = 'published';

export const academyCatalogSchema = item({
  catalog: string().key(),
  // DynamoDB has no empty sets: the attribute is absent when nothing is published.
  publishedIds: set(string()).optional(),
});

export const academyCatalogEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'academyCatalog',
      table,
      schema: academyCatalogSchema,
      computeKey: ({ catalog }) => ({ pk: 'ACADEMY', sk: `CATALOG#${catalog}` }),
    }),
);

export type AcademyCatalog = FormattedItem<ReturnType<typeof academyCatalogEntity>>;
