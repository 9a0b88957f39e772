/** A dealership (a `dealerships` record). */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS, sortable } from '@functions/lib/data/keys';

/** Every dealership sits in one index partition: the dealerships screen lists all of them by name or date. */
export const DEALERSHIPS_PARTITION = 'DEALERSHIPS';

/** Fields are separated by a character no search can contain after trimming, so a match never spans two fields. */
export function dealershipSearchText(fields: { name: string; location: string; contactName?: string }): string {
  return [fields.name, fields.location, fields.contactName ?? ''].map((value) => value.trim().toLowerCase()).join('\n');
}

export const dealershipSchema = item({
  id: string().key(),
  name: string(),
  location: string(),
  contactName: string().optional(),
  contactEmail: string().optional(),
  contactPhone: string().optional(),
  /** Where "Send to dealer" e-mails a deal as an ADF lead (the dealership's CRM inbox). */
  leadEmail: string().optional(),
  website: string().optional(),
  responseTimeHours: number().optional(),
  successRate: number().optional(),
  notes: string().optional(),
  createdAt: string(),
}).and((_schema) => ({
  gsi1pk: string().hidden().const(DEALERSHIPS_PARTITION),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ name, id }) => `${sortable(name)}#${id}`),
  /** Lower-cased name, location and contact name: what the page's search matches (a filter on the gsi1 Query). */
  searchText: string()
    .hidden()
    .link<typeof _schema>(({ name, location, contactName }) => dealershipSearchText({ name, location, contactName })),
  gsi2pk: string().hidden().const(DEALERSHIPS_PARTITION),
  gsi2sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
}));

export const dealershipEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealership',
      table,
      schema: dealershipSchema,
      computeKey: ({ id }) => ({ pk: `DEALERSHIP#${id}`, sk: 'DEALERSHIP' }),
    }),
);

export type Dealership = FormattedItem<ReturnType<typeof dealershipEntity>>;
