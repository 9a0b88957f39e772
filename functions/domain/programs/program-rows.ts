/**
 * A program row read by the deal it desked (docs/data-model.md, "Programs"; docs/decisions.md, "Programs"): a deal
 * names the row it was desked with by lender, month and the row's place in the month's file, and a save checks that
 * row exists. The programs feature writes the rows (functions/programs/data); their version partition on gsi1 is
 * keyed here, where both it and the deals feature read it.
 */
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { padded } from '@functions/lib/data/keys';
import type { LeaseDeskTable } from '@functions/lib/data/table';

/** The gsi1 partition of a month's rows, sorted by each row's index in the file. */
export const versionRowsPartition = (lenderId: string, month: string) => `PROGRAMVERSION#${lenderId}#${month}`;
/** A row's gsi1 sort key: its index in the month's file. */
export const versionRowPosition = (index: number) => padded(index, 5);

/** What a deal keeps from the row it names. */
export interface ProgramRowSummary {
  lenderName: string;
  buyRateMoneyFactor: number;
  maxMarkup: number;
}

export function programRowLookup(table: LeaseDeskTable) {
  return {
    /** The row at `index` of the lender's month, or null: one Query of one gsi1 key, one item at most. */
    async get(lenderId: string, month: string, index: number): Promise<ProgramRowSummary | null> {
      const { Items = [] } = await table
        .build(QueryCommand)
        .query({ index: 'gsi1', partition: versionRowsPartition(lenderId, month), range: { eq: versionRowPosition(index) } })
        .options({ limit: 1, maxPages: 1 })
        .send();
      const row = Items[0] as Partial<Record<keyof ProgramRowSummary, unknown>> | undefined;
      return row &&
        typeof row.lenderName === 'string' &&
        typeof row.buyRateMoneyFactor === 'number' &&
        typeof row.maxMarkup === 'number'
        ? { lenderName: row.lenderName, buyRateMoneyFactor: row.buyRateMoneyFactor, maxMarkup: row.maxMarkup }
        : null;
    },
  };
}

export type ProgramRowLookup = ReturnType<typeof programRowLookup>;
