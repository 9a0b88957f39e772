/**
 * One entry of a client's trail (docs/security.md, "Ownership"): who changed the client's contact details (e-mail,
 * phone) or moved the client to another broker, when, and each field's before and after. Entries live in the
 * client's own partition (`CLIENT#{id}`), sorted by time, written by the clients store in the client's own
 * transaction, so a change is never saved without its entry.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const CLIENT_ACTIVITY_SORT_PREFIX = 'ACTIVITY#';

export const clientActivitySchema = item({
  clientId: string().key(),
  /** ULID of the moment it happened: sorts by time, unique even within one millisecond. */
  id: string().key(),
  /** ISO date-time. */
  at: string(),
  actorId: string(),
  actorName: string(),
  /** `email`, `phone` (the values) or `broker` (the brokers' names); a value that was or became blank is absent. */
  changes: list(map({ field: string(), before: string().optional(), after: string().optional() })),
});

export const clientActivityEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'clientActivity',
      table,
      schema: clientActivitySchema,
      computeKey: ({ clientId, id }) => ({ pk: `CLIENT#${clientId}`, sk: `${CLIENT_ACTIVITY_SORT_PREFIX}${id}` }),
    }),
);

export type ClientActivityItem = FormattedItem<ReturnType<typeof clientActivityEntity>>;
