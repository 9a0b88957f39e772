/**
 * One change made with the admin's approve/edit dialog: who saved it, when, and the broker's standing (approval,
 * commission, licence) before and after. Entries live in the broker's partition, sorted by time, and are written
 * only in the same transaction as the profile change they record (brokers.ts).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const BROKER_APPROVAL_SORT_PREFIX = 'APPROVAL#';

export const brokerApprovalSchema = item({
  brokerId: string().key(),
  /** ULID of the save: sorts by time, unique within one millisecond. */
  id: string().key(),
  /** ISO date-time. */
  at: string(),
  byId: string(),
  /** The admin's name as it was then. */
  byName: string(),
  /** The standing before and after (shared/brokers/api.ts `brokerStandingSchema`). */
  before: any(),
  after: any(),
});

export const brokerApprovalEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'brokerApproval',
      table,
      schema: brokerApprovalSchema,
      computeKey: ({ brokerId, id }) => ({ pk: `USER#${brokerId}`, sk: `${BROKER_APPROVAL_SORT_PREFIX}${id}` }),
    }),
);

export type BrokerApprovalItem = FormattedItem<ReturnType<typeof brokerApprovalEntity>>;
