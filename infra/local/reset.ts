/**
 * `npm run reset`: deletes the local stack's data (.local/), so the next `npm start` begins from the seed.
 */
import { rm } from 'node:fs/promises';
import { LOCAL_PORTS } from './config';
import { LOCAL_DATA_PATH } from './paths';
import { isListening } from './ports';

async function main(): Promise<void> {
  if (await isListening(LOCAL_PORTS.dynamodb)) {
    console.error('The local stack is running: stop it (Ctrl-C) before resetting its data.');
    process.exit(1);
  }
  const dir = LOCAL_DATA_PATH;
  await rm(dir, { recursive: true, force: true });
  console.log(`Deleted ${dir}. The next \`npm start\` seeds fresh demo data.`);
}

void main();
