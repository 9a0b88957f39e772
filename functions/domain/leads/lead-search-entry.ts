/**
 * A lead search entry (../lead-search-index.ts): one per lead and search token (a prefix of a word of the shopper's
 * name, e-mail or phone digits), newest lead first, written in the lead's own create transaction. The global search
 * reads one token's entries with a small limit.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const LEAD_SEARCH_PARTITION_PREFIX = 'LEADSEARCH#';

export const leadSearchEntrySchema = item({
  token: string().key(),
  /** The lead's inverted creation time, a tab and its id: newest first. */
  position: string().key(),
  leadId: string(),
  /** " first and last name words e-mail words phone digits " lower-cased: every search word is checked as a word start. */
  text: string(),
});

export const leadSearchEntryEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'leadSearchEntry',
      table,
      schema: leadSearchEntrySchema,
      computeKey: ({ token, position }) => ({ pk: `${LEAD_SEARCH_PARTITION_PREFIX}${token}`, sk: position }),
    }),
);

export type LeadSearchEntry = FormattedItem<ReturnType<typeof leadSearchEntryEntity>>;
