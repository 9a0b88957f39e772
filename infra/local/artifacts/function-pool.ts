/**
 * Lambda's execution model for one function of cdk.out: a pool of execution environments (separate Node processes
 * running lambda-runtime.mjs in the function's asset folder), each serving one invocation at a time. A new
 * environment starts (a cold start) when every one is busy, up to `maxConcurrency`; beyond that invocations wait.
 * An invocation past the template's timeout kills its environment and fails as Lambda's does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { StackLog } from '../log';
import type { DeployedFunction } from './assembly';

const RUNTIME = fileURLToPath(new URL('./lambda-runtime.mjs', import.meta.url));

export interface InvokeError {
  errorType: string;
  errorMessage: string;
  trace: string[];
}

/** Thrown by invoke() when the function fails (handler error, init error, timeout, crash). */
export class FunctionError extends Error {
  constructor(
    readonly functionName: string,
    readonly detail: InvokeError,
  ) {
    super(`${functionName}: ${detail.errorType}: ${detail.errorMessage}`);
    this.name = 'FunctionError';
  }
}

interface Environment {
  child: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
  pending?: { id: string; resolve: (value: unknown) => void; reject: (error: FunctionError) => void; timer: NodeJS.Timeout };
}

export interface FunctionPoolOptions {
  fn: DeployedFunction;
  /** The whole environment of each process (nothing is inherited from the stack's own process). */
  environment: Record<string, string>;
  log: StackLog;
  maxConcurrency?: number;
}

export class FunctionPool {
  private readonly environments = new Set<Environment>();
  private readonly waiting: (() => void)[] = [];
  private stopped = false;
  /** Cold starts so far (for reports). */
  coldStarts = 0;

  constructor(private readonly options: FunctionPoolOptions) {}

  get name(): string {
    return this.options.fn.name;
  }

  async invoke(event: unknown): Promise<unknown> {
    if (this.stopped)
      throw new FunctionError(this.name, { errorType: 'Stopped', errorMessage: 'The stack is stopping', trace: [] });
    const environment = await this.acquire();
    try {
      // A failed init is reported to this invocation and the environment discarded; the next one starts afresh.
      await environment.ready.catch(async (error: unknown) => {
        await this.kill(environment);
        throw error;
      });
      return await this.run(environment, event);
    } finally {
      environment.busy = false;
      this.waiting.shift()?.();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.environments].map((environment) => this.kill(environment)));
  }

  private async acquire(): Promise<Environment> {
    for (;;) {
      const idle = [...this.environments].find((environment) => !environment.busy);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      if (this.environments.size < (this.options.maxConcurrency ?? 10)) {
        const started = this.start();
        started.busy = true;
        return started;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private start(): Environment {
    const { fn, environment, log } = this.options;
    this.coldStarts += 1;
    const child = fork(RUNTIME, [], {
      cwd: fn.assetDir,
      env: environment,
      execArgv: [], // no loader, no inspector: only Node and the asset
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log('lambda', `${fn.name} ${line}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    let settleReady: { resolve: () => void; reject: (error: FunctionError) => void } | undefined;
    const entry: Environment = {
      child,
      busy: false,
      ready: new Promise<void>((resolve, reject) => (settleReady = { resolve, reject })),
    };
    entry.ready.catch(() => undefined);
    child.on('message', (message: { type: string; id?: string; ok?: boolean; value?: unknown; error?: InvokeError }) => {
      if (message.type === 'ready') settleReady?.resolve();
      else if (message.type === 'init-error') settleReady?.reject(new FunctionError(fn.name, message.error!));
      else if (message.type === 'result' && entry.pending && entry.pending.id === message.id) {
        const { resolve, reject, timer } = entry.pending;
        clearTimeout(timer);
        entry.pending = undefined;
        if (message.ok) resolve(message.value);
        else reject(new FunctionError(fn.name, message.error!));
      }
    });
    child.on('exit', (code, signal) => {
      this.environments.delete(entry);
      const crash: InvokeError = {
        errorType: 'Runtime.ExitError',
        errorMessage: `RequestId: exited with ${signal ?? `code ${code}`}`,
        trace: [],
      };
      settleReady?.reject(new FunctionError(fn.name, crash));
      if (entry.pending) {
        clearTimeout(entry.pending.timer);
        entry.pending.reject(new FunctionError(fn.name, crash));
        entry.pending = undefined;
      }
    });
    this.environments.add(entry);
    return entry;
  }

  private run(environment: Environment, event: unknown): Promise<unknown> {
    const { fn } = this.options;
    const awsRequestId = randomUUID();
    const timeoutMs = fn.timeoutSeconds * 1000;
    const context = {
      functionName: fn.name,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:${fn.environment.AWS_REGION ?? 'us-east-1'}:000000000000:function:${fn.name}`,
      memoryLimitInMB: String(fn.memoryMb),
      awsRequestId,
      logGroupName: `/aws/lambda/${fn.name}`,
      logStreamName: 'local',
      deadline: Date.now() + timeoutMs,
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        environment.pending = undefined;
        reject(
          new FunctionError(fn.name, {
            errorType: 'Sandbox.Timedout',
            errorMessage: `Task timed out after ${fn.timeoutSeconds.toFixed(2)} seconds`,
            trace: [],
          }),
        );
        void this.kill(environment);
      }, timeoutMs);
      environment.pending = { id: awsRequestId, resolve, reject, timer };
      environment.child.send({ type: 'invoke', id: awsRequestId, event, context }, (error) => {
        if (!error || environment.pending?.id !== awsRequestId) return;
        clearTimeout(timer);
        environment.pending = undefined;
        reject(new FunctionError(fn.name, { errorType: 'Runtime.ExitError', errorMessage: error.message, trace: [] }));
      });
    });
  }

  /** Ends an environment and takes it out of the pool at once (no invocation may pick it while it exits). */
  private kill(environment: Environment): Promise<void> {
    this.environments.delete(environment);
    const { child } = environment;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
