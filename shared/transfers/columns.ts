/**
 * Mapping an imported file's columns to a record's fields, for every CSV import (clients, lender programs): each
 * field is read from the first column whose header it recognises (compared without case, spaces or punctuation), and
 * the user may change the mapping before the preview. Pure: the import screens and the API tests use the same rules.
 */

const normalizedHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** For each field, the index of the file's column it is read from, or null (not imported). */
export type ColumnMapping<F extends string> = Record<F, number | null>;

/** The mapping guessed from a file's headers: each field takes the first free column whose header it recognises. */
export function mapColumnsByHeader<F extends string>(
  fields: readonly F[],
  headersOf: Record<F, readonly string[]>,
  headers: readonly string[],
): ColumnMapping<F> {
  const normalized = headers.map(normalizedHeader);
  const taken = new Set<number>();
  const mapping = {} as ColumnMapping<F>;
  for (const field of fields) {
    const names = headersOf[field].map(normalizedHeader);
    const index = normalized.findIndex((header, i) => !taken.has(i) && names.includes(header));
    mapping[field] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

/** The row's cells under `mapping`, trimmed (missing cells, blank cells and unmapped fields are left out). */
export function valuesOfRecord<F extends string>(
  fields: readonly F[],
  record: readonly string[],
  mapping: ColumnMapping<F>,
): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const index = mapping[field];
    const cell = index === null ? undefined : record[index]?.trim();
    if (cell) values[field] = cell;
  }
  return values;
}
