/**
 * A client import job (docs/decisions.md "CSV import and export", docs/data-model.md): who imports which file, how
 * many rows it has, the cursor (rows imported so far), the duplicate policy and the outcome counts. Its id is derived
 * from the importer and the file's hash, so choosing the same file again finds the unfinished import (resume). The
 * cursor moves only with a conditional update from the value read, so two tabs sending the same chunk move it once.
 * Kept 30 days (TTL).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { DUPLICATE_POLICIES, type ImportCounts } from '@shared/transfers/api';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';
import { perTable, type LeaseDeskTable } from '@functions/lib/data/table';

const KEEP_SECONDS = 30 * 24 * 3600;

export const clientImportSchema = item({
  id: string().key(),
  ownerId: string(),
  fileName: string(),
  fileHash: string(),
  total: number(),
  cursor: number(),
  onDuplicate: string().enum(...DUPLICATE_POLICIES),
  status: string().enum('running', 'done'),
  counts: map({ created: number(), updated: number(), skipped: number(), invalid: number() }),
  createdAt: string(),
  updatedAt: string(),
  /** Epoch seconds: DynamoDB's TTL deletes the job 30 days after its last chunk. */
  expiresAt: number(),
});

export const clientImportEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'clientImport',
      table,
      schema: clientImportSchema,
      computeKey: ({ id }) => ({ pk: `CLIENTIMPORT#${id}`, sk: 'CLIENTIMPORT' }),
    }),
);

export type ClientImport = FormattedItem<ReturnType<typeof clientImportEntity>>;

/** Thrown when the job moved (another tab's chunk) between the read and the cursor's update. */
export class ImportMovedError extends Error {
  override readonly name = 'ImportMovedError';
}

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + KEEP_SECONDS;

export function clientImportStore(table: LeaseDeskTable) {
  const entity = () => clientImportEntity(table);
  return {
    async get(id: string): Promise<ClientImport | null> {
      return (await entity().build(GetItemCommand).key({ id }).options({ consistent: true }).send()).Item ?? null;
    },

    /** A new job at cursor 0 (replacing a finished one of the same id). */
    async start(job: Omit<ClientImport, 'cursor' | 'status' | 'counts' | 'createdAt' | 'updatedAt' | 'expiresAt'>, now: Date) {
      const item: ClientImport = {
        ...job,
        cursor: 0,
        status: 'running',
        counts: { created: 0, updated: 0, skipped: 0, invalid: 0 },
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        expiresAt: expiry(now),
      };
      await entity().build(PutItemCommand).item(item).send();
      return item;
    },

    /** The job with its cursor at `cursor` and `counts` added, if its cursor is still the one read. */
    async advance(
      before: ClientImport,
      changes: { cursor: number; counts: ImportCounts; onDuplicate?: ClientImport['onDuplicate'] },
      now: Date,
    ) {
      const item: ClientImport = {
        ...before,
        cursor: changes.cursor,
        onDuplicate: changes.onDuplicate ?? before.onDuplicate,
        status: changes.cursor >= before.total ? 'done' : 'running',
        counts: {
          created: before.counts.created + changes.counts.created,
          updated: before.counts.updated + changes.counts.updated,
          skipped: before.counts.skipped + changes.counts.skipped,
          invalid: before.counts.invalid + changes.counts.invalid,
        },
        updatedAt: now.toISOString(),
        expiresAt: expiry(now),
      };
      try {
        await entity()
          .build(PutItemCommand)
          .item(item)
          .options({
            condition: {
              and: [
                { attr: 'cursor', eq: before.cursor },
                { attr: 'updatedAt', eq: before.updatedAt },
              ],
            },
          })
          .send();
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') throw new ImportMovedError(before.id);
        throw error;
      }
      return item;
    },
  };
}

export type ClientImportStore = ReturnType<typeof clientImportStore>;
