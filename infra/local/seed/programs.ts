/**
 * Sample lender programs for the demo dealerships' models (docs/decisions.md, "Programs"): one made-up lender,
 * "Example Auto Finance (sample data)", with this month's program, built from the catalog's own lease terms
 * (./catalog.ts). SAMPLE DATA: not any real lender's numbers. Idempotent: the lender and the month are conditional
 * creates, and rows are keyed by their index, so a run repeated writes the same items.
 */
import type { Data } from '@infra/data/create-data';
import { LenderTakenError, programStore, VersionMovedError, type StoredRow } from '@functions/programs/data/programs';
import { lenderIdOf } from '@functions/programs/programs';
import { MODELS } from './catalog';

export const SAMPLE_LENDER_NAME = 'Example Auto Finance (sample data)';

const ignore = (kind: new (...args: never[]) => Error) => (error: unknown) => {
  if (!(error instanceof kind)) throw error;
};

export async function seedSamplePrograms(data: Data, now: Date): Promise<number> {
  const store = programStore(data.table);
  const lenderId = lenderIdOf(SAMPLE_LENDER_NAME);
  const month = now.toISOString().slice(0, 7);
  const first = `${month}-01`;
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const year = now.getUTCFullYear() + 1;
  const rows: Omit<StoredRow, 'index'>[] = MODELS.flatMap((model) =>
    [36, 39].flatMap((termMonths) =>
      [10_000, 12_000].map((milesPerYear) => ({
        year,
        make: model.make,
        model: model.model,
        trim: '',
        termMonths,
        milesPerYear,
        // The catalog's residual is 36 months at 12,000 miles: fewer miles keep a point more, three months more lose two.
        residualPercent: model.residualPercent + (milesPerYear === 10_000 ? 1 : 0) - (termMonths === 39 ? 2 : 0),
        buyRateMoneyFactor: model.moneyFactor,
        maxMarkup: 0.0004,
        acquisitionFee: { amount: model.acquisitionFee, taxable: false },
        securityDeposits: { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0.0006 },
        onePay: { allowed: true, moneyFactor: Math.round(model.moneyFactor * 0.7 * 1e6) / 1e6 },
        incentives: [
          {
            name: 'Sample lease cash',
            amount: 750,
            kind: 'lease_cash' as const,
            stacksWith: ['loyalty' as const, 'military' as const],
          },
          { name: 'Sample loyalty', amount: 500, kind: 'loyalty' as const, stacksWith: ['lease_cash' as const] },
        ],
        states: [],
        zipPrefixes: [],
        effectiveFrom: first,
        effectiveTo: last,
        lenderId,
        lenderName: SAMPLE_LENDER_NAME,
        month,
      })),
    ),
  );
  await store
    .createLender({ id: lenderId, name: SAMPLE_LENDER_NAME, createdAt: now.toISOString() })
    .catch(ignore(LenderTakenError));
  const version = {
    lenderId,
    month,
    lenderName: SAMPLE_LENDER_NAME,
    fileName: 'sample-programs.csv',
    fileHash: '0'.repeat(64),
    total: rows.length,
    cursor: 0,
    status: 'importing' as const,
    importedBy: 'seed',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await store.startVersion(version).catch(ignore(VersionMovedError));
  await store.putRows(rows.map((row, index) => ({ ...row, index })));
  const current = await store.getVersion(lenderId, month);
  if (current && current.status !== 'ready') await store.advance(current, rows.length, now);
  return rows.length;
}
