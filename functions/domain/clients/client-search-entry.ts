/**
 * A client search entry (clients.ts): one per client and search token (a prefix of a word of the name,
 * e-mail or phone), sorted by name, written in the client's own transaction. A search reads one token's entries,
 * a page at a time, in the order of the list.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const CLIENT_SEARCH_PARTITION_PREFIX = 'CLIENTSEARCH#';

export const clientSearchEntrySchema = item({
  token: string().key(),
  /** The client's sortable name, a tab and its id: the order of the clients list. */
  position: string().key(),
  clientId: string(),
  /** " name words e-mail words phone digits " lower-cased: every search word is checked as a word start. */
  text: string(),
});

export const clientSearchEntryEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'clientSearchEntry',
      table,
      schema: clientSearchEntrySchema,
      computeKey: ({ token, position }) => ({ pk: `${CLIENT_SEARCH_PARTITION_PREFIX}${token}`, sk: position }),
    }),
);

export type ClientSearchEntry = FormattedItem<ReturnType<typeof clientSearchEntryEntity>>;
