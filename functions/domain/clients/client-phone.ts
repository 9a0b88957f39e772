/**
 * A client's phone index entry (clients.ts): one per client with a phone, keyed by the normalized phone
 * (shared/clients/phone.ts), written in the client's own transaction. Not unique (two clients may share a household
 * phone): the CSV import finds the clients holding a phone with one Query of its partition.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const CLIENT_PHONE_PARTITION_PREFIX = 'CLIENTPHONE#';

export const clientPhoneSchema = item({
  /** Digits only, without a North American country code. */
  digits: string().key(),
  clientId: string().key(),
  /** The phone as written when the entry was made (the match is by `digits`). */
  phone: string(),
});

export const clientPhoneEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'clientPhone',
      table,
      schema: clientPhoneSchema,
      computeKey: ({ digits, clientId }) => ({ pk: `${CLIENT_PHONE_PARTITION_PREFIX}${digits}`, sk: `CLIENT#${clientId}` }),
    }),
);

export type ClientPhone = FormattedItem<ReturnType<typeof clientPhoneEntity>>;
