/**
 * `npm start`: the whole product on localhost with data under .local/ (seeded on first start), until Ctrl-C.
 * `npm run start:artifacts` (`--artifacts`) serves every API route, Cognito trigger and scheduled job from the
 * packaged functions of a fresh `cdk.out` instead of from source, exactly as `cdk deploy` would upload them.
 */
import { DEMO_PASSWORD, DEMO_USERS, LOCAL_PORTS, type StackInfo } from './config';
import { consoleLog } from './log';
import { LOCAL_DATA_PATH } from './paths';
import { PortInUseError } from './ports';
import { startLocalStack, type LocalStack } from './stack';
import { synthesizeArtifacts } from './artifacts/synthesize';

function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}

function banner(info: StackInfo): string {
  return [
    '',
    'LeaseDesk is running locally.',
    '',
    table([
      ['Web app', info.urls.web],
      ['API', info.urls.api],
      ['Mailbox', info.urls.mailbox],
      ['SMS outbox', info.urls.smsOutbox],
    ]),
    '',
    `Demo logins (password for all: ${DEMO_PASSWORD})`,
    table(DEMO_USERS.map((user) => [user.label, user.email])),
    '',
    'Press Ctrl-C to stop. `npm run reset` wipes the local data.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let stack: LocalStack | undefined;
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    consoleLog('stack', 'stopping...');
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGHUP', () => shutdown(0));

  try {
    consoleLog('stack', 'starting...');
    const artifacts = process.argv.includes('--artifacts');
    if (artifacts) consoleLog('stack', 'synthesizing cdk.out (every function bundled as it deploys)...');
    stack = await startLocalStack({
      ports: LOCAL_PORTS,
      dataDir: LOCAL_DATA_PATH,
      artifacts: artifacts ? { outdir: synthesizeArtifacts() } : undefined,
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      console.error(error.message);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    }
    process.exit(1);
  }
  // A signal that arrived while starting: startLocalStack has finished, so stop what it started.
  if (stopping) {
    await stack.stop();
    return;
  }
  console.log(banner(stack.info));
}

void main();
