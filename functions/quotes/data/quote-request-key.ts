/**
 * The idempotency key of a quote request (one per wizard session, drawn by the browser): created in the same
 * transaction as the lead, under the condition that it does not exist yet, so a double click or a retry can never
 * store a second lead. Kept for a day (the table's TTL), longer than any retry.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const QUOTE_REQUEST_KEY_LIFETIME_SECONDS = 24 * 60 * 60;

export const quoteRequestKeySchema = item({
  idempotencyKey: string().key(),
  /** The lead the first request with this key stored. */
  leadId: string(),
  createdAt: string(),
  /** Epoch seconds (the table's TTL). */
  expiresAt: number(),
});

export const quoteRequestKeyEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'quoteRequestKey',
      table,
      schema: quoteRequestKeySchema,
      computeKey: ({ idempotencyKey }) => ({ pk: `QUOTEREQUEST#${idempotencyKey}`, sk: 'QUOTEREQUEST' }),
    }),
);

export type QuoteRequestKey = FormattedItem<ReturnType<typeof quoteRequestKeyEntity>>;
