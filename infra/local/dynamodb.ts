/**
 * DynamoDB Local: the real emulator (DynamoDBLocal.jar shipped inside amplify-dynamodb-simulator), started with
 * java from the package's emulator/ folder (its own launcher looks under the home folder and fails), and the
 * product's one table created from the same key schema CDK uses.
 */
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, timeToLiveInput } from '../../functions/lib/data';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './config';
import type { StackLog } from './log';
import { startChild, type ChildHandle } from './processes';
import { waitFor } from './wait';

export interface DynamoDbOptions {
  port: number;
  /** A folder for the database file, or undefined to keep everything in memory. */
  dbPath?: string;
  log: StackLog;
}

function emulatorFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export async function startDynamoDb({ port, dbPath, log }: DynamoDbOptions): Promise<ChildHandle> {
  const child = startChild({
    name: 'dynamodb',
    command: 'java',
    args: [
      // A small heap and the serial collector: this shares two cores with everything else.
      '-Xmx512m',
      '-XX:+UseSerialGC',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      // Without -sharedDb every access key/region pair gets its own database.
      '-sharedDb',
      '-disableTelemetry',
      ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
    ],
    cwd: emulatorFolder(),
    log,
    guard: true,
    formatLine: (line) => (/exception|error/i.test(line) ? line : undefined),
  });
  try {
    await waitFor(`DynamoDB Local on port ${port}`, child, async () => {
      const response = await fetch(`http://localhost:${port}/`, { method: 'POST' }).catch(() => undefined);
      return response !== undefined;
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}

export function dynamoDbClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** Creates the table (with TTL on) when missing. Returns true when it was created, i.e. the data is new. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(new UpdateTimeToLiveCommand(timeToLiveInput(tableName)));
  return true;
}
