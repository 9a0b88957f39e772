/**
 * The product's functions as they deploy: every function of the cloud assembly runs in its own pool of Node
 * processes from its cdk.out asset, and the local API, the Lambda-invoke endpoint (Cognito triggers) and the
 * scheduler call them the way API Gateway, Cognito and EventBridge Scheduler would: by the template's routes,
 * LambdaConfig and schedules.
 */
import type { JobDef } from '../scheduler';
import type { HandlerModule, LambdaHandler } from '../lambda-context';
import type { StackLog } from '../log';
import { readDeployedApp, type DeployedApp } from './assembly';
import { artifactEnvironment, directEndpoints } from './environment';
import { startAwsCallRecorder, type S3Front } from './iam-recorder';
import { FunctionError, FunctionPool } from './function-pool';
import type { StackInfo } from '../config';

export interface DeployedFunctions {
  app: DeployedApp;
  /** The handler serving an HTTP API route key ("GET /deals/{id}"), or undefined when the template has no such route. */
  route(routeKey: string): LambdaHandler | undefined;
  triggers: Record<string, () => Promise<HandlerModule>>;
  jobs: JobDef[];
  stop(): Promise<void>;
}

export interface DeployedFunctionsOptions {
  outdir: string;
  info: StackInfo;
  /** The local values of the functions' variables (env.ts functionEnvironment). */
  localEnvironment: Record<string, string>;
  log: StackLog;
  /**
   * Send each function's AWS calls through a recording proxy that appends them to this file (iam-recorder.ts); the
   * S3 emulator then listens on `s3.internalPort` and the recorder takes the stack's S3 port.
   */
  recording?: { callsFile: string; s3: S3Front };
}

/** As Lambda answers an invoke of a failed function: the error type and message, not the local wrapper. */
function asLambdaError(error: unknown): Error {
  if (!(error instanceof FunctionError)) return error instanceof Error ? error : new Error(String(error));
  const err = new Error(error.detail.errorMessage);
  err.name = error.detail.errorType;
  err.stack = [`${err.name}: ${err.message}`, ...error.detail.trace.slice(1)].join('\n');
  return err;
}

export async function startDeployedFunctions(options: DeployedFunctionsOptions): Promise<DeployedFunctions> {
  const app = readDeployedApp(options.outdir, { region: options.info.region });
  const recorder = options.recording
    ? await startAwsCallRecorder(app, options.info, options.localEnvironment, options.recording.callsFile, options.recording.s3)
    : undefined;
  const pools = new Map<string, FunctionPool>();
  for (const fn of app.functions) {
    const endpoints = recorder?.endpointsFor(fn.name) ?? directEndpoints(options.info);
    const environment = artifactEnvironment(fn, options.localEnvironment, endpoints, app.region);
    if (recorder) environment.S3_ACCESS_KEY_ID = recorder.s3AccessKeyFor(fn.name);
    pools.set(fn.name, new FunctionPool({ fn, environment, log: options.log }));
  }
  const handlerOf = (functionName: string, input?: unknown): LambdaHandler => {
    const pool = pools.get(functionName);
    if (!pool) throw new Error(`No function ${functionName} in the assembly`);
    return (event: never) => pool.invoke(input ?? event).catch((error: unknown) => Promise.reject(asLambdaError(error)));
  };

  return {
    app,
    route(routeKey) {
      const functionName = app.routes.get(routeKey);
      return functionName ? handlerOf(functionName) : undefined;
    },
    triggers: Object.fromEntries(
      [...app.triggers].map(([trigger, functionName]) => [trigger, async () => ({ handler: handlerOf(functionName) })]),
    ),
    jobs: app.schedules.map((schedule) => ({
      name: (schedule.input as { job?: string }).job ?? schedule.name,
      schedule: schedule.expression,
      load: async () => ({ handler: handlerOf(schedule.functionName, schedule.input) }),
    })),
    async stop() {
      await Promise.all([...pools.values()].map((pool) => pool.stop()));
      await recorder?.stop();
    },
  };
}
