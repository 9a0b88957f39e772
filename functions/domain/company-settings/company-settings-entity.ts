/**
 * The company's settings: one item for the whole company, changed by admins (/admin/brokers, "Client book").
 * Read by every feature that decides what a broker sees (clients, deals, leads), so it lives here and not in a feature.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

/** The one settings item's name: a key attribute so the item is addressed like every other. */
export const COMPANY_SETTINGS_NAME = 'company';

export const companySettingsSchema = item({
  name: string().key().const(COMPANY_SETTINGS_NAME),
  /**
   * Own book: each broker sees and changes only the clients and deals they own and the leads they hold (admins
   * everything). Absent or false: the shared book, every approved broker reads every client and deal.
   */
  ownBook: boolean(),
  /**
   * Whether the concierge fee waits for the client's signed brokering agreement (docs/decisions.md, "Agreements").
   * Absent (settings saved before it existed): on, the default.
   */
  requireSignedAgreement: boolean().optional(),
  updatedAt: string(),
  updatedById: string(),
  updatedByName: string(),
});

export const companySettingsEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'companySettings',
      table,
      schema: companySettingsSchema,
      computeKey: () => ({ pk: 'SETTINGS#company', sk: 'SETTINGS' }),
    }),
);

export type CompanySettingsItem = FormattedItem<ReturnType<typeof companySettingsEntity>>;
