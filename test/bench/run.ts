/**
 * `npm run bench`: measures the budgets of architecture.md ("Budgets") and prints one table with PASS/FAIL per
 * budget; exits 1 when a budget is missed or a measurement could not be made. Not part of `npm test`: numbers
 * on a shared two-core machine are for reading, not for timed assertions.
 *
 *   npm run bench                    every budget
 *   npm run bench -- lambda web      only some (capacity, deals-list, transfers, programs, brokered-vehicles, commission, lambda, web, screens)
 */
import { availableParallelism, loadavg } from 'node:os';
import { benchBrokeredVehicles } from './brokered-vehicles';
import { benchCapacity } from './capacity';
import { benchCommission } from './commission';
import { benchDealsList } from './deals-list';
import { benchLambdaBundles } from './lambda-bundles';
import { benchPrograms } from './programs';
import { formatTable, type BudgetRow } from './report';
import { benchScreens } from './screens';
import { benchTransfers } from './transfers';
import { benchWebBundles } from './web-bundles';

const log = (line: string) => console.error(`bench  ${line}`);

const BENCHES: Record<string, () => Promise<BudgetRow[]>> = {
  capacity: () => benchCapacity(log),
  'deals-list': () => benchDealsList(log),
  transfers: () => benchTransfers(log),
  programs: () => benchPrograms(log),
  'brokered-vehicles': () => benchBrokeredVehicles(log),
  commission: () => benchCommission(log),
  lambda: () => benchLambdaBundles(),
  web: () => benchWebBundles(),
  screens: () => benchScreens(log),
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

const rows: BudgetRow[] = [];
// Timings on a shared machine depend on what else runs: say how busy it was.
log(
  `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
for (const name of asked.length > 0 ? asked : Object.keys(BENCHES)) {
  const started = Date.now();
  log(`${name}: running`);
  try {
    rows.push(...(await BENCHES[name]()));
  } catch (error) {
    rows.push({
      budget: name,
      subject: 'measurement',
      measured: 'error',
      limit: '-',
      pass: false,
      note: (error as Error).message.split('\n')[0],
    });
    console.error(error);
  }
  log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

console.log(`\n${formatTable(rows)}\n`);
const missed = rows.filter((row) => row.pass === false);
console.log(missed.length === 0 ? 'Every measured budget is met.' : `${missed.length} budget(s) missed.`);
process.exit(missed.length === 0 ? 0 : 1);
