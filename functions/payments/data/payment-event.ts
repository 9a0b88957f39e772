/**
 * A payment provider event already acted on (its id is the provider's, e.g. Stripe's `evt_...`). Written in the same
 * transaction as the deal it changed, on the condition that it does not exist yet, so a repeated or concurrent
 * delivery of the same event can never act twice. Kept past the provider's retry window, then removed by TTL.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const paymentEventSchema = item({
  eventId: string().key(),
  dealId: string(),
  /** ISO date-time. */
  processedAt: string(),
  /** Epoch seconds: the table's TTL attribute. */
  expiresAt: number(),
});

export const paymentEventEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'paymentEvent',
      table,
      schema: paymentEventSchema,
      computeKey: ({ eventId }) => ({ pk: `PAYMENTEVENT#${eventId}`, sk: 'PAYMENTEVENT' }),
    }),
);

export type PaymentEvent = FormattedItem<ReturnType<typeof paymentEventEntity>>;
