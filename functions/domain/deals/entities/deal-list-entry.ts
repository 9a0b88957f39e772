/**
 * A deals list entry: a narrow, hand-maintained index of the deals list written in the deal's own transaction (see
 * ../deals/deal-list-index.ts). One entry per listed deal in each listing it belongs to: every listed deal of a
 * scope (everyone, or one dealership) and status filter, every one of a make, and every one with a word starting
 * with a search token. Sorted by client group then newest first, so each listing is one paged Query in the order
 * the screen groups by.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const DEAL_LIST_PARTITION_PREFIX = 'DL#';

export const dealListEntrySchema = item({
  /** e.g. "all#all#*", "all#pending#make#toyota", "dealership#01J..#closed#*", "all#all#tok#rav4". */
  listing: string().key(),
  /** The client group's sort key, then the inverted creation time and the deal id (deal-list-index.ts). */
  position: string().key(),
  dealId: string(),
  status: string(),
  /** The make, lower-cased. */
  makeKey: string(),
  /** The client id, or "unassigned". */
  groupKey: string(),
  /** " make words model words client name words " lower-cased: search words are matched as word starts. */
  text: string(),
});

export const dealListEntryEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealListEntry',
      table,
      schema: dealListEntrySchema,
      computeKey: ({ listing, position }) => ({ pk: `${DEAL_LIST_PARTITION_PREFIX}${listing}`, sk: position }),
    }),
);

export type DealListEntry = FormattedItem<ReturnType<typeof dealListEntryEntity>>;
