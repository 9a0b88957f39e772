/** Claims a stock number for one deal; created in the deal's transaction so two deals can never share one. */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

/** Trimmed and upper-cased: "ab-100 " and "AB-100" are one stock number. */
export function normalizeStockNumber(stockNumber: string): string {
  return stockNumber.trim().toUpperCase();
}

export const stockNumberSchema = item({
  /** Always normalised (normalizeStockNumber) before it reaches the key. */
  stockNumber: string().key(),
  dealId: string(),
});

export const stockNumberEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'stockNumber',
      table,
      schema: stockNumberSchema,
      computeKey: ({ stockNumber }) => ({ pk: `STOCK#${normalizeStockNumber(stockNumber)}`, sk: 'STOCK' }),
    }),
);

export type StockNumberClaim = FormattedItem<ReturnType<typeof stockNumberEntity>>;
