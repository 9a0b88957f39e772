/** Exists once per user with any academy progress; created in the same transaction that adds 1 to academyUsers. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const academyLearnerSchema = item({
  userId: string().key(),
  startedAt: string(),
});

export const academyLearnerEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'academyLearner',
      table,
      schema: academyLearnerSchema,
      computeKey: ({ userId }) => ({ pk: `USER#${userId}`, sk: 'LEARNER' }),
    }),
);

export type AcademyLearner = FormattedItem<ReturnType<typeof academyLearnerEntity>>;
