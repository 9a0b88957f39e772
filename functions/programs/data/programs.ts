/**
 * The programs store (docs/data-model.md, "Programs"): lenders, their months' programs (versions, each with the
 * cursor of its import), and the program rows. Every read is a keyed Get or one bounded Query; no Scan.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { BatchWriteCommand, execute as executeBatchWrite } from 'dynamodb-toolbox/table/actions/batchWrite';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { ProgramRow } from '@shared/programs/rows';
import { vehicleKey } from '@shared/programs/rows';
import { padded } from '@functions/lib/data/keys';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { isConditionalCheckFailure } from '@functions/lib/data/transactions';
import { versionRowsPartition } from '@functions/domain/programs/program-rows';
import {
  LENDERS_PARTITION,
  lenderEntity,
  programRowEntity,
  termMilesPrefix,
  vehiclePartition,
  versionEntity,
  type LenderItem,
  type ProgramRowItem,
  type VersionItem,
} from './entities';

export type { LenderItem, ProgramRowItem, VersionItem } from './entities';

/** DynamoDB's limit of requests per BatchWriteItem. */
const BATCH_WRITE_LIMIT = 25;

/** Thrown when a lender of the same id (its name, as a slug) exists. */
export class LenderTakenError extends Error {
  override readonly name = 'LenderTakenError';
}
/** Thrown when the version's import moved (another tab's chunk) or it exists, between the read and the write. */
export class VersionMovedError extends Error {
  override readonly name = 'VersionMovedError';
}

/** A program row as stored: the row, the version it belongs to and its place in the file. */
export interface StoredRow extends ProgramRow {
  lenderId: string;
  lenderName: string;
  month: string;
  index: number;
}

function rowItem(row: StoredRow): ProgramRowItem {
  const { securityDeposits, onePay, ...rest } = row;
  return {
    ...rest,
    vehicle: vehiclePartition(row.make, row.model, row.year),
    position: `${termMilesPrefix(row.termMonths, row.milesPerYear)}${row.effectiveTo}#${row.lenderId}#${row.month}#${padded(row.index, 5)}`,
    trimKey: vehicleKey(row.trim),
    ...(securityDeposits ? { securityDeposits } : {}),
    onePay: { allowed: onePay.allowed, ...(onePay.moneyFactor !== null ? { moneyFactor: onePay.moneyFactor } : {}) },
  };
}

export function storedRowOf(item: ProgramRowItem): StoredRow & { trimKey: string } {
  const { vehicle: _vehicle, position: _position, securityDeposits, onePay, ...rest } = item;
  return {
    ...rest,
    securityDeposits: securityDeposits ?? null,
    onePay: { allowed: onePay.allowed, moneyFactor: onePay.moneyFactor ?? null },
  };
}

export function programStore(table: LeaseDeskTable) {
  const lenders = () => lenderEntity(table);
  const versions = () => versionEntity(table);
  const rows = () => programRowEntity(table);
  return {
    async getLender(id: string): Promise<LenderItem | null> {
      return (await lenders().build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    /** Every lender, by name (one Query of the lenders' index partition: a company works with a few dozen at most). */
    listLenders(): Promise<LenderItem[]> {
      return queryAll(lenders(), { index: 'gsi1', partition: LENDERS_PARTITION });
    },

    /** A new lender; LenderTakenError when its id (the name's slug) is taken. */
    async createLender(lender: LenderItem): Promise<LenderItem> {
      try {
        await lenders()
          .build(PutItemCommand)
          .item(lender)
          .options({ condition: { attr: 'id', exists: false } })
          .send();
      } catch (error) {
        if (isConditionalCheckFailure(error)) throw new LenderTakenError(lender.id);
        throw error;
      }
      return lender;
    },

    async getVersion(lenderId: string, month: string): Promise<VersionItem | null> {
      return (await versions().build(GetItemCommand).key({ lenderId, month }).options({ consistent: true }).send()).Item ?? null;
    },

    /** A lender's months, newest first (one Query of the lender's partition). */
    listVersions(lenderId: string): Promise<VersionItem[]> {
      return queryAll(
        versions(),
        { partition: `PROGRAMLENDER#${lenderId}`, range: { beginsWith: 'VERSION#' } },
        { reverse: true },
      );
    },

    /** A new month's program at cursor 0; VersionMovedError when the month exists (another import started it). */
    async startVersion(version: VersionItem): Promise<VersionItem> {
      try {
        await versions()
          .build(PutItemCommand)
          .item(version)
          .options({ condition: { attr: 'month', exists: false } })
          .send();
      } catch (error) {
        if (isConditionalCheckFailure(error)) throw new VersionMovedError(version.month);
        throw error;
      }
      return version;
    },

    /** The version with its cursor at `cursor`, if its cursor is still the one read. */
    async advance(before: VersionItem, cursor: number, now: Date): Promise<VersionItem> {
      const item: VersionItem = {
        ...before,
        cursor,
        status: cursor >= before.total ? 'ready' : 'importing',
        updatedAt: now.toISOString(),
      };
      try {
        await versions()
          .build(PutItemCommand)
          .item(item)
          .options({ condition: { attr: 'cursor', eq: before.cursor } })
          .send();
      } catch (error) {
        if (isConditionalCheckFailure(error)) throw new VersionMovedError(before.month);
        throw error;
      }
      return item;
    },

    /**
     * Writes rows (BatchWrites of 25). A row's key is derived from its version and index, so writing a chunk again
     * (a resumed import) puts the same items again: nothing is written twice.
     */
    async putRows(stored: readonly StoredRow[]): Promise<void> {
      const requests = stored.map((row) => rows().build(BatchPutRequest).item(rowItem(row)));
      for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
        const command = table.build(BatchWriteCommand).requests(...requests.slice(start, start + BATCH_WRITE_LIMIT));
        await executeBatchWrite({ maxAttempts: 8 }, command);
      }
    },

    /** A page of a version's rows in file order, after the row `after` (one Query of gsi1). */
    async listVersionRows(lenderId: string, month: string, after: number | null, limit: number) {
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(rows())
        .query({
          index: 'gsi1',
          partition: versionRowsPartition(lenderId, month),
          ...(after !== null ? { range: { gt: padded(after, 5) } } : {}),
        })
        .options({ limit, maxPages: 1 })
        .send();
      const items = Items as ProgramRowItem[];
      return { rows: items.map(storedRowOf), more: LastEvaluatedKey !== undefined };
    },

    /**
     * The rows of a vehicle, term and mileage still in effect on `date` (effective to on or after it), over every
     * lender and month: ONE Query of the vehicle's partition over one sort-key range, at most `limit` items
     * (docs/data-model.md, "Programs"). Trim, region, effective-from and superseded months are judged by the caller.
     */
    async rowsInEffect(
      vehicle: { make: string; model: string; year: number; termMonths: number; milesPerYear: number },
      date: string,
      limit: number,
    ) {
      const prefix = termMilesPrefix(vehicle.termMonths, vehicle.milesPerYear);
      const { Items = [] } = await table
        .build(QueryCommand)
        .entities(rows())
        .query({
          partition: vehiclePartition(vehicle.make, vehicle.model, vehicle.year),
          range: { between: [`${prefix}${date}`, `${prefix}~`] },
        })
        .options({ limit, maxPages: 1 })
        .send();
      return (Items as ProgramRowItem[]).map(storedRowOf);
    },
  };
}

export type ProgramStore = ReturnType<typeof programStore>;
