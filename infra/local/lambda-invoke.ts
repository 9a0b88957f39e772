/**
 * The Lambda Invoke API, as far as cognito-local uses it: POST /2015-03-31/functions/{name}/invocations runs the
 * named Cognito trigger with the SAME handler module CDK deploys and answers as Lambda does (the handler's result
 * as JSON, or X-Amz-Function-Error: Unhandled with { errorType, errorMessage } when it throws, which Cognito turns
 * into "<Trigger> failed with error <message>.").
 *
 * The scheduled jobs are functions of it too, by job name (`rank-trending`): what EventBridge Scheduler invokes in
 * AWS, a test invokes here to run a job now with the handler the stack serves (source, or the packaged function).
 */
import { createServer, type Server } from 'node:http';
import type { TriggerName } from './cognito-pool';
import { listen, readBody } from './http';
import { lambdaContext, type HandlerModule } from './lambda-context';
import type { StackLog } from './log';

export const TRIGGER_HANDLERS: Record<TriggerName, () => Promise<HandlerModule>> = {
  PreSignUp: () => import('@functions/auth/pre-sign-up'),
  PostConfirmation: () => import('@functions/auth/post-confirmation'),
  CustomMessage: () => import('@functions/auth/custom-message'),
};

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export interface LambdaInvokeOptions {
  port: number;
  log: StackLog;
  functions?: Record<string, () => Promise<HandlerModule>>;
  /** The scheduled jobs, invoked by name. */
  jobs?: readonly { name: string; load: () => Promise<HandlerModule> }[];
}

export async function startLambdaInvoke({
  port,
  log,
  functions: triggers = TRIGGER_HANDLERS,
  jobs = [],
}: LambdaInvokeOptions): Promise<Server> {
  const functions = { ...triggers, ...Object.fromEntries(jobs.map((job) => [job.name, job.load])) };
  const server = createServer((req, res) => {
    void (async () => {
      const match = INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
      const name = match ? decodeURIComponent(match[1] ?? '') : undefined;
      const load = name && Object.hasOwn(functions, name) ? functions[name] : undefined;
      if (req.method !== 'POST' || !name || !load) {
        res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
        res.end(JSON.stringify({ Type: 'User', message: `Function not found: ${name ?? req.url}` }));
        return;
      }
      const started = Date.now();
      const payload = (await readBody(req)).toString('utf8');
      try {
        const { handler } = await load();
        const event = JSON.parse(payload || '{}') as { triggerSource?: string };
        const result = await handler(event as never, lambdaContext(name));
        log('lambda', `${name} ${event.triggerSource ?? ''} ok (${Date.now() - started} ms)`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result ?? null));
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error));
        log('lambda', `${name} failed: ${err.message}`);
        res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
        res.end(JSON.stringify({ errorType: err.name, errorMessage: err.message, trace: err.stack?.split('\n') ?? [] }));
      }
    })();
  });
  await listen(server, port);
  return server;
}
