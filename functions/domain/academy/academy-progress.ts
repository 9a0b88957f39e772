/** A user's progress on one academy item (an `academy_progress` record), in the user's partition. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const PROGRESS_PREFIX = 'PROGRESS#';

export const academyProgressSchema = item({
  userId: string().key(),
  contentId: string().key(),
  completed: boolean(),
  score: number().optional(),
  completedAt: string().optional(),
});

export const academyProgressEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'academyProgress',
      table,
      schema: academyProgressSchema,
      computeKey: ({ userId, contentId }) => ({ pk: `USER#${userId}`, sk: `${PROGRESS_PREFIX}${contentId}` }),
    }),
);

export type AcademyProgress = FormattedItem<ReturnType<typeof academyProgressEntity>>;
