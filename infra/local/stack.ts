/**
 * The whole product on one machine: emulators, the Cognito compatibility layer, the Lambda-invoke endpoint for
 * the Cognito triggers, the local API, the scheduled jobs and the web app. `npm start` runs it on LOCAL_PORTS with
 * data under .local/; the test global setup runs a second, in-memory one on TEST_PORTS. See docs/local-stack.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { createData } from '@infra/data/create-data';
import { seedDemoData } from './seed/seed';
import { s3PhotoStore } from './seed/photo-store';
import { startApiServer } from './api-server';
import { startCognitoCompat } from './cognito-compat';
import { prepareCognitoLocal } from './cognito-pool';
import { describeStack, LOCAL_CREDENTIALS, type StackInfo, type StackPorts } from './config';
import { cognitoClient, createDemoUsers } from './demo-users';
import { dynamoDbClient, ensureTable, startDynamoDb } from './dynamodb';
import { startDeployedFunctions } from './artifacts/deployed-functions';
import { applyFunctionEnvironment, functionEnvironment } from './env';
import { closeServer } from './http';
import { startLambdaInvoke } from './lambda-invoke';
import { consoleLog, type StackLog } from './log';
import { USER_POOL_PASSWORD_POLICY } from './password-policy';
import { assertPortsFree } from './ports';
import { startChild, type ChildHandle } from './processes';
import { addS3AccessKey, s3Port, startS3, stopS3 } from './s3';
import { startScheduler } from './scheduler';
import { JOBS } from '@functions/jobs';
import { startSes } from './ses';
import { waitFor } from './wait';
import { startWeb, type WebMode } from './web';

export interface LocalStackOptions {
  ports: StackPorts;
  /** Keep data in this folder between starts (npm start: .local). Without it, everything is in memory/temporary. */
  dataDir?: string;
  /** Create the demo users and demo data when the table is new (default true). */
  seed?: boolean;
  /** Serve the web app (default true: `dev`, Vite's dev server; `production`: the build behind the local edge). */
  web?: boolean | WebMode;
  /** Run the scheduled jobs at start and daily (default true). */
  scheduler?: boolean;
  log?: StackLog;
  /**
   * Serve every API route, Cognito trigger and scheduled job from this cloud assembly (cdk.out, synthesized with
   * bundling) instead of from source: each function in its own processes, with only its template's environment.
   */
  artifacts?: { outdir: string; recordAwsCallsTo?: string };
}

export interface LocalStack {
  info: StackInfo;
  /** True when this start created the table (and seeded it when asked). */
  fresh: boolean;
  /** Stops everything: every child process group, every server; leaves no port listening. Idempotent. */
  stop(): Promise<void>;
}

const COGNITO_LAUNCHER = fileURLToPath(new URL('./cognito-local-server.ts', import.meta.url));

/**
 * cognito-local logs pino JSON at level "error". A trigger's failure is already reported by the Lambda endpoint,
 * so it is not repeated; anything else is shown as its message.
 */
function cognitoLocalLine(line: string): string | undefined {
  if (line.startsWith('cognito-local ready')) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string }; result?: { FunctionError?: string } };
    if (entry.result?.FunctionError) return undefined;
    return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
  } catch {
    return line;
  }
}

export async function startCognitoLocal(dir: string, info: StackInfo, log: StackLog): Promise<ChildHandle> {
  // tsx is resolved from here: cognito-local's cwd is its data folder, where nothing could be found.
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = startChild({
    name: 'cognito',
    command: process.execPath,
    args: ['--import', tsxLoader, COGNITO_LAUNCHER],
    cwd: dir,
    env: {
      ...process.env,
      LEASEDESK_SES_ENDPOINT: info.urls.ses,
      // Texts (a forgotten-password code for a verified phone) go to the local SMS outbox, as the functions' do.
      LEASEDESK_SMS_ENDPOINT: info.urls.smsEndpoint,
      LEASEDESK_MAIL_FROM: info.mailFrom,
      AWS_REGION: info.region,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      NODE_NO_WARNINGS: '1',
    },
    log,
    formatLine: cognitoLocalLine,
  });
  try {
    await waitFor('cognito-local', child, async () => {
      const response = await fetch(`http://127.0.0.1:${info.ports.cognitoUpstream}/health`).catch(() => undefined);
      return response?.ok === true;
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? consoleLog;
  await assertPortsFree(options.ports);

  const info: StackInfo = { ...describeStack(options.ports), localCheckoutSecret: randomBytes(32).toString('base64url') };
  const webOrigins = [info.urls.web, `http://127.0.0.1:${info.ports.web}`];
  const stoppers: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const stopOne of stoppers.reverse()) {
        await stopOne().catch((error: unknown) => log('stack', `while stopping: ${String(error)}`));
      }
    })();
    return stopping;
  };

  try {
    const restoreEnvironment = applyFunctionEnvironment(info);
    stoppers.push(async () => restoreEnvironment());

    const root = options.dataDir ? resolve(options.dataDir) : await mkdtemp(join(tmpdir(), 'leasedesk-stack-'));
    if (!options.dataDir) stoppers.push(() => rm(root, { recursive: true, force: true }));
    const dirs = { dynamodb: join(root, 'dynamodb'), cognito: join(root, 'cognito'), s3: join(root, 's3') };
    await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true })));

    const ses = await startSes(info.ports.ses);
    stoppers.push(() => closeServer(ses));
    // When AWS calls are recorded, s3rver listens on a free internal port behind the recorder, which takes the S3 port.
    const recordTo = options.artifacts?.recordAwsCallsTo;
    const s3 = await startS3({ port: recordTo ? 0 : info.ports.s3, directory: dirs.s3, buckets: info.buckets, webOrigins });
    stoppers.push(() => stopS3(s3));
    const deployed = options.artifacts
      ? await startDeployedFunctions({
          outdir: options.artifacts.outdir,
          recording: recordTo
            ? { callsFile: recordTo, s3: { publicPort: info.ports.s3, internalPort: s3Port(s3), addAccessKey: addS3AccessKey } }
            : undefined,
          info,
          localEnvironment: functionEnvironment(info),
          log,
        })
      : undefined;
    if (deployed) {
      stoppers.push(() => deployed.stop());
      log('stack', `serving the functions of ${options.artifacts!.outdir} (${deployed.app.functions.length} functions)`);
    }
    const lambda = await startLambdaInvoke({
      port: info.ports.lambda,
      log,
      functions: deployed?.triggers,
      jobs: deployed?.jobs ?? JOBS,
    });
    stoppers.push(() => closeServer(lambda));
    await prepareCognitoLocal({
      dir: dirs.cognito,
      userPoolId: info.userPoolId,
      clientId: info.userPoolClientId,
      upstreamPort: info.ports.cognitoUpstream,
      issuerPort: info.ports.cognito,
      lambdaPort: info.ports.lambda,
    });

    // The two slow starts (a JVM and a Node child) run side by side; both are stopped if either fails.
    const [dynamo, cognito] = await Promise.allSettled([
      startDynamoDb({ port: info.ports.dynamodb, dbPath: options.dataDir ? dirs.dynamodb : undefined, log }),
      startCognitoLocal(dirs.cognito, info, log),
    ]);
    for (const started of [dynamo, cognito]) if (started.status === 'fulfilled') stoppers.push(() => started.value.stop());
    for (const started of [dynamo, cognito]) if (started.status === 'rejected') throw started.reason;

    const compat = await startCognitoCompat({
      port: info.ports.cognito,
      upstreamUrl: `http://127.0.0.1:${info.ports.cognitoUpstream}`,
      issuer: info.issuer,
      passwordPolicy: USER_POOL_PASSWORD_POLICY,
      log,
    });
    stoppers.push(() => closeServer(compat));

    const dynamoDb = dynamoDbClient(info.urls.dynamodb);
    stoppers.push(async () => dynamoDb.destroy());
    const fresh = await ensureTable(dynamoDb, info.tableName);

    const api = await startApiServer({
      port: info.ports.api,
      issuer: info.issuer,
      userPoolClientId: info.userPoolClientId,
      webOrigins,
      log,
      deployedRoute: deployed ? (routeKey) => deployed.route(routeKey) : undefined,
    });
    stoppers.push(() => closeServer(api));

    if (fresh && options.seed !== false) {
      try {
        const cognitoAdmin = cognitoClient(info.urls.cognito);
        const users = await createDemoUsers(cognitoAdmin, info.userPoolId).finally(() => cognitoAdmin.destroy());
        // Listing photos go straight to s3rver (not through the AWS-call recorder: the seed is no function).
        const photos = s3PhotoStore({
          endpoint: `http://localhost:${s3Port(s3)}`,
          region: info.region,
          bucket: info.buckets.dealImages,
          publicUrl: functionEnvironment(info).DEAL_IMAGES_URL!,
        });
        await seedDemoData(createData({ table: info.tableName }), users, { photos }).finally(() => photos.close());
        log('seed', `demo users and demo data created in ${info.tableName}`);
      } catch (error) {
        // Without the table the next start seeds again from scratch (the demo users are created idempotently).
        await dynamoDb.send(new DeleteTableCommand({ TableName: info.tableName })).catch(() => undefined);
        throw error;
      }
    }

    if (options.web !== false) {
      const web = await startWeb(info, { mode: options.web === 'production' ? 'production' : 'dev', log });
      stoppers.push(() => web.close());
    }
    if (options.scheduler !== false) {
      const scheduler = startScheduler(log, deployed?.jobs);
      // Stopped first (stoppers run in reverse), before the emulators its jobs use.
      stoppers.push(() => scheduler.stop());
    }
    return { info, fresh, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
