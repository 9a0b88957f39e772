/**
 * DynamoDB Local: the real emulator (DynamoDBLocal.jar shipped inside amplify-dynamodb-simulator), started with
 * java from the package's emulator/ folder (its own launcher looks under the home folder and fails), and the
 * product's one table created from the same key schema CDK uses.
 *
 * DynamoDB Local checks no credentials and has no option for its listening address (it listens on every
 * interface), so it is started through a small launcher (dynamodb-loopback/LoopbackDynamoDbLocal.java, run by
 * Java's source-file mode) that binds it to 127.0.0.1 like every other local service.
 */
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, timeToLiveInput } from '@infra/data/create-data';
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

/** The only address DynamoDB Local listens on. */
export const DYNAMODB_LOCAL_HOST = '127.0.0.1';

const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./dynamodb-loopback/LoopbackDynamoDbLocal.java', import.meta.url));

function emulatorFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export async function startDynamoDb({ port, dbPath, log }: DynamoDbOptions): Promise<ChildHandle> {
  const child = startChild({
    name: 'dynamodb',
    command: 'java',
    args: [
      // A small heap and the serial collector: this shares two cores with everything else. The quick (C1) compiler
      // only: the emulator lives minutes, and the optimizing compiler's work never paid for itself in that time
      // (docs/local-stack.md, "DynamoDB Local's JVM").
      '-Xmx512m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-Djava.library.path=./DynamoDBLocal_lib',
      `-Dleasedesk.dynamodb.host=${DYNAMODB_LOCAL_HOST}`,
      '-cp',
      'DynamoDBLocal.jar',
      LOOPBACK_LAUNCHER,
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
      const response = await fetch(`http://${DYNAMODB_LOCAL_HOST}:${port}/`, { method: 'POST' }).catch(() => undefined);
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
