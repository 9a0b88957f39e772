/** An academy content item (an `academy_content` record). */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ACADEMY_CONTENT_TYPES } from '../enums';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, padded } from '@functions/lib/data/keys';

export const academyPublishedPartition = (isPublished: boolean) => `ACADEMY#published#${isPublished}`;

export const academyContentSchema = item({
  id: string().key(),
  title: string(),
  description: string().optional(),
  category: string(),
  orderIndex: number(),
  contentType: string().enum(...ACADEMY_CONTENT_TYPES),
  content: string().optional(),
  videoUrl: string().optional(),
  durationMinutes: number().optional(),
  isPublished: boolean(),
  createdAt: string(),
}).and((_schema) => ({
  /** Published (or draft) content ordered by category then order index. */
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ isPublished }) => academyPublishedPartition(isPublished)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ category, orderIndex, id }) => `${category}#${padded(orderIndex)}#${id}`),
}));

export const academyContentEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'academyContent',
      table,
      schema: academyContentSchema,
      computeKey: ({ id }) => ({ pk: `ACADEMY#${id}`, sk: 'CONTENT' }),
    }),
);

export type AcademyContent = FormattedItem<ReturnType<typeof academyContentEntity>>;
