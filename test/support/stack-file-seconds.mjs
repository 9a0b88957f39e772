/**
 * Refreshes test/support/stack-file-seconds.json (the sequencer balances `npm test`'s stack shards by it) from the
 * output of a run:
 *
 *   npm test > run.log; node test/support/stack-file-seconds.mjs < run.log
 *
 * Reads each stack file's closing line ("✓  stack  test/e2e/deals.test.ts (10 tests) 31745ms") and keeps the
 * table's rows for files the log does not name.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const TABLE = new URL('./stack-file-seconds.json', import.meta.url);
const LINE = /[✓×❯]\s+stack\s+(\S+)\s+\(\d+ tests?[^)]*\)\s+(\d+)ms/;

const table = JSON.parse(readFileSync(TABLE, 'utf8'));
let read = 0;
for (const line of readFileSync(0, 'utf8').split('\n')) {
  // eslint-disable-next-line no-control-regex -- colours, when vitest wrote to a terminal
  const match = LINE.exec(line.replace(/\u001b\[[0-9;]*m/g, ''));
  if (!match) continue;
  table[match[1]] = Math.round(Number(match[2]) / 100) / 10;
  read += 1;
}
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(TABLE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${read} files' durations read; ${Object.keys(sorted).length} in ${TABLE.pathname}`);
