/**
 * A deal view (a `deal_views` record): the claim that counts a view once per vehicle, browser session and UTC day.
 * Expires through the table's TTL once it can no longer count towards the trending window.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const dealViewSchema = item({
  dealId: string().key(),
  /** YYYY-MM-DD (UTC). */
  day: string().key(),
  sessionId: string().key(),
  userId: string().optional(),
  viewedAt: string(),
  /** Epoch seconds (DynamoDB TTL). */
  expiresAt: number(),
});

export const dealViewEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealView',
      table,
      schema: dealViewSchema,
      computeKey: ({ dealId, day, sessionId }) => ({ pk: `VIEW#${dealId}`, sk: `${day}#${sessionId}` }),
    }),
);

export type DealView = FormattedItem<ReturnType<typeof dealViewEntity>>;
