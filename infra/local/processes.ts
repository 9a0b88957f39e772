/**
 * Child processes of the local stack (DynamoDB Local, cognito-local). Each runs in its own process group so that
 * stopping it also stops anything it spawned, and each is tied to this process: stop() ends the group, an exit of
 * this process kills every group still running, and a SIGKILLed parent is covered by the child's closed stdin
 * (cognito-local's launcher and child-guard.mjs both exit on EOF).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StackLog } from './log';

export interface ChildHandle {
  readonly name: string;
  readonly process: ChildProcess;
  /** Resolves when the process has exited (for any reason). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the process printed, for error messages when it dies early. */
  recentOutput(): string;
  stop(): Promise<void>;
}

export interface ChildOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  log: StackLog;
  /** Turns an output line into what the console shows, or undefined to hide it (all lines are kept for recentOutput). */
  formatLine?: (line: string) => string | undefined;
  /** Wrap the command in child-guard.mjs (for programs that cannot watch their own stdin, e.g. java). */
  guard?: boolean;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
}

export function startChild(options: ChildOptions): ChildHandle {
  installExitHook();
  const guardPath = fileURLToPath(new URL('./child-guard.mjs', import.meta.url));
  const [command, args] = options.guard
    ? [process.execPath, [guardPath, options.command, ...options.args]]
    : [options.command, options.args];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);

  const recent: string[] = [];
  const format = options.formatLine ?? ((line: string) => line);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      const shown = format(line);
      if (shown !== undefined) options.log(options.name, shown);
    });
  }

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      recent.push(error.message);
      running.delete(child);
      resolve({ code: null, signal: null });
    });
  });

  return {
    name: options.name,
    process: child,
    exited,
    recentOutput: () => recent.join('\n'),
    async stop() {
      if (!running.has(child)) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // Whatever the leader left behind in its group goes too.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Nothing left.
        }
      }
    },
  };
}
