/**
 * A marketplace listing entry: a narrow, hand-maintained index of the marketplace written in the deal's own
 * transaction (see ../deals/marketplace-index.ts). One entry per vehicle in each listing it belongs to:
 * every vehicle of a tab, every vehicle of a tab at one dealership, and every vehicle of a tab whose make,
 * model or year starts with a search token. Sorted by make then model, so each listing is one paged Query in
 * the order the screen groups by.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const LISTING_PARTITION_PREFIX = 'MKT#';

export const marketplaceListingSchema = item({
  /** e.g. "all#active#*", "dealership#01J..#archived#*", "all#active#tok#rav". */
  listing: string().key(),
  /** make#model#vehicleId, lower-cased. */
  position: string().key(),
  vehicleId: string(),
  /** " year make words model words " lower-cased: search words are matched as word prefixes against it. */
  text: string(),
});

export const marketplaceListingEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'marketplaceListing',
      table,
      schema: marketplaceListingSchema,
      computeKey: ({ listing, position }) => ({ pk: `${LISTING_PARTITION_PREFIX}${listing}`, sk: position }),
    }),
);

export type MarketplaceListing = FormattedItem<ReturnType<typeof marketplaceListingEntity>>;
