/**
 * The company settings (docs/security.md, "Ownership"): one item, one GetItem to read.
 *
 * `ownBook()` is on the path of every client, deal and lead request of a broker, so a container keeps what it read
 * for `config.companySettingsMaxAgeSeconds` (30 s in AWS, 0 locally): after an admin switches the book, a warm
 * container of another function may go on with the old mode for up to that long. The admin's own answer, and every
 * read by the function that made the change, is the new value at once.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { config } from '@functions/lib/config';
import { companySettingsEntity, COMPANY_SETTINGS_NAME } from './company-settings-entity';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export interface CompanySettings {
  ownBook: boolean;
  /** The concierge fee waits for the client's signed brokering agreement (docs/decisions.md, "Agreements"); on by default. */
  requireSignedAgreement: boolean;
  /** Who changed the settings last, and when; null while they are the defaults. */
  updatedAt: string | null;
  updatedBy: { id: string; fullName: string } | null;
}

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  ownBook: false,
  requireSignedAgreement: true,
  updatedAt: null,
  updatedBy: null,
};

/** What each table's settings were when last read, per container (tests and tools hold several tables). */
const cache = new Map<string, { settings: CompanySettings; readAt: number }>();

/** The company settings store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface CompanySettingsStore {
  /** The settings as stored now (the admin screen). */
  read: () => Promise<CompanySettings>;
  get: () => Promise<CompanySettings>;
  /** Whether each broker has their own book (false: the shared book, the default). */
  ownBook(): Promise<boolean>;
  /** Whether the concierge fee waits for the client's signed agreement, read fresh (docs/decisions.md, "Agreements"). */
  requireSignedAgreement(): Promise<boolean>;
  save(
    /** `requireSignedAgreement` absent: left as it is. */
    settings: {
      ownBook: boolean;
      requireSignedAgreement?: boolean;
    },
    actor: {
      id: string;
      fullName: string;
    },
    now: Date,
  ): Promise<CompanySettings>;
}

export function companySettingsStore(
  table: LeaseDeskTable,
  maxAgeMs: () => number = () => config.companySettingsMaxAgeSeconds * 1000,
): CompanySettingsStore {
  const entity = () => companySettingsEntity(table);

  async function read(): Promise<CompanySettings> {
    const { Item } = await entity()
      .build(GetItemCommand)
      .key({ name: COMPANY_SETTINGS_NAME })
      .options({ consistent: true })
      .send();
    const settings: CompanySettings = Item
      ? {
          ownBook: Item.ownBook,
          requireSignedAgreement: Item.requireSignedAgreement ?? DEFAULT_COMPANY_SETTINGS.requireSignedAgreement,
          updatedAt: Item.updatedAt,
          updatedBy: { id: Item.updatedById, fullName: Item.updatedByName },
        }
      : DEFAULT_COMPANY_SETTINGS;
    cache.set(table.getName(), { settings, readAt: Date.now() });
    return settings;
  }

  /** The settings, at most `maxAgeMs` old (every broker request that depends on the book). */
  async function get(): Promise<CompanySettings> {
    const cached = cache.get(table.getName());
    if (cached && Date.now() - cached.readAt < maxAgeMs()) return cached.settings;
    return read();
  }

  return {
    /** The settings as stored now (the admin screen). */
    read,
    get,

    async ownBook(): Promise<boolean> {
      return (await get()).ownBook;
    },

    /** Whether the concierge fee waits for a signed agreement (read fresh: a payment must follow the admin's switch). */
    async requireSignedAgreement(): Promise<boolean> {
      return (await read()).requireSignedAgreement;
    },

    async save(
      settings: { ownBook: boolean; requireSignedAgreement?: boolean },
      actor: { id: string; fullName: string },
      now: Date,
    ): Promise<CompanySettings> {
      const requireSignedAgreement = settings.requireSignedAgreement ?? (await read()).requireSignedAgreement;
      const saved: CompanySettings = {
        ownBook: settings.ownBook,
        requireSignedAgreement,
        updatedAt: now.toISOString(),
        updatedBy: actor,
      };
      await entity()
        .build(PutItemCommand)
        .item({
          name: COMPANY_SETTINGS_NAME,
          ownBook: settings.ownBook,
          requireSignedAgreement,
          updatedAt: saved.updatedAt!,
          updatedById: actor.id,
          updatedByName: actor.fullName,
        })
        .send();
      cache.set(table.getName(), { settings: saved, readAt: Date.now() });
      return saved;
    },
  };
}
