/** The bench's one output: a row per budget and subject, printed as a plain-text table. */
export interface BudgetRow {
  budget: string;
  subject: string;
  measured: string;
  limit: string;
  /** true: within budget; false: missed; null: nothing to measure yet (e.g. a page not built yet). */
  pass: boolean | null;
  note?: string;
}

export function statusOf(row: BudgetRow): string {
  return row.pass === null ? 'n/a' : row.pass ? 'PASS' : 'FAIL';
}

export function formatTable(rows: BudgetRow[]): string {
  const header = ['budget', 'subject', 'measured', 'limit', 'status', 'note'];
  return formatColumns(
    header,
    rows.map((row) => [row.budget, row.subject, row.measured, row.limit, statusOf(row), row.note ?? '']),
  );
}

/**
 * A plain-text table: the header, a rule, one line per row, columns two spaces apart. Columns named in
 * `alignRight` (numbers) are padded on the left.
 */
export function formatColumns(header: string[], cells: string[][], alignRight: ReadonlySet<number> = new Set()): string {
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values: string[]) =>
    values
      .map((value, column) => (alignRight.has(column) ? value.padStart(widths[column]) : value.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** "GetItem x2, Query x5" */
export function formatOperations(operations: Record<string, number>): string {
  return Object.entries(operations)
    .map(([name, count]) => `${name} x${count}`)
    .join(', ');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
