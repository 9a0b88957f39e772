/**
 * `npm run migrate -- <name> [--dry-run] [--stage dev|prod]`: runs a one-off data migration and prints its report
 * (docs/operations.md "Migrations"). Without --stage it runs against the local stack's data (the running `npm start`
 * stack, or the backend started on .local/ for the run); with it, against that stage's table with the AWS
 * credentials and region of the environment. Every migration is idempotent and has a dry run that writes nothing.
 */
import { parseArgs } from 'node:util';
import { createData, type Data } from '@infra/data/create-data';
import { migrateInventory } from './migrations/inventory';
import { migrateOwnBook } from './migrations/own-book';
import { migrateMaturity } from './migrations/maturity';
import { migrateClientPhones } from './migrations/client-phones';
import { migrateSearchPrefixes } from './migrations/search-prefixes';
import { migrateCommission } from './migrations/commission';
import { migrateBrokeredVehicles } from './migrations/brokered-vehicles';
import { describeStack, LOCAL_PORTS } from '../local/config';
import { applyFunctionEnvironment } from '../local/env';
import { LOCAL_DATA_PATH } from '../local/paths';
import { isListening } from '../local/ports';
import { startLocalStack, type LocalStack } from '../local/stack';
import { isStageName } from '../stacks/config';
import { tableName } from '../stacks/names';

const MIGRATIONS: Record<string, (data: Data, options: { dryRun: boolean; log: (line: string) => void }) => Promise<unknown>> = {
  inventory: migrateInventory,
  'own-book': migrateOwnBook,
  maturity: migrateMaturity,
  'client-phones': migrateClientPhones,
  'search-prefixes': migrateSearchPrefixes,
  commission: migrateCommission,
  'brokered-vehicles': migrateBrokeredVehicles,
};

const USAGE = `Usage: npm run migrate -- <${Object.keys(MIGRATIONS).join('|')}> [--dry-run] [--stage dev|prod]`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, stage: { type: 'string' } },
  });
  const migration = MIGRATIONS[positionals[0] ?? ''];
  const stage = values.stage;
  if (!migration || positionals.length !== 1 || (stage !== undefined && !isStageName(stage))) {
    console.error(USAGE);
    process.exit(1);
  }
  let stack: LocalStack | undefined;
  let data: Data;
  if (stage) {
    data = createData({ table: tableName(stage) });
  } else {
    if (await isListening(LOCAL_PORTS.dynamodb)) {
      applyFunctionEnvironment(describeStack(LOCAL_PORTS));
    } else {
      console.error('npm start is not running: starting the backend on .local/ for this run');
      stack = await startLocalStack({ ports: LOCAL_PORTS, dataDir: LOCAL_DATA_PATH, web: false, scheduler: false });
    }
    data = createData();
  }
  try {
    const report = await migration(data, { dryRun: values['dry-run'], log: (line) => console.error(line) });
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await stack?.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
