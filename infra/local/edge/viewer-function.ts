/**
 * Runs a CloudFront Function (viewer request) from the template's own code. The functions are plain JavaScript with
 * a global `handler(event)`, so node's vm runs the deployed source unchanged, in a context of its own with none of
 * Node's globals (CloudFront's runtime has no require, process or network either).
 */
import { createContext, runInContext } from 'node:vm';

export interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}

/** What a viewer-request function can answer: the request to send on, or a response of its own. */
export type ViewerRequestResult =
  | { kind: 'request'; request: ViewerRequest }
  | { kind: 'response'; statusCode: number; headers: Record<string, string>; body: string };

export type ViewerRequestFunction = (request: ViewerRequest) => Promise<ViewerRequestResult>;

/**
 * A guard against a runaway function (an endless loop hangs the edge), not a model of CloudFront's compute budget:
 * `vm`'s timeout is wall-clock time, which a busy machine stretches far past a function's real cost (a 100 ms limit
 * failed the stack's start on a loaded two-core machine while the function itself takes microseconds).
 */
const TIMEOUT_MS = 5_000;

export function viewerRequestFunction(code: string, name: string, timeoutMs = TIMEOUT_MS): ViewerRequestFunction {
  const context = createContext({});
  runInContext(code, context, { filename: `${name}.js`, timeout: timeoutMs });
  if (runInContext('typeof handler', context) !== 'function')
    throw new Error(`CloudFront Function ${name} defines no handler(event)`);
  return async (request) => {
    const event = { version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '127.0.0.1' }, request };
    // The event is built inside the function's own context, as plain data, like CloudFront hands it over.
    context.__event = JSON.stringify(event);
    const returned = runInContext('handler(JSON.parse(__event))', context, { timeout: timeoutMs }) as unknown;
    const result = (await returned) as Record<string, unknown> | undefined;
    if (!result) throw new Error(`CloudFront Function ${name} returned nothing`);
    if ('statusCode' in result) {
      const headers = (result.headers ?? {}) as Record<string, { value: string }>;
      return {
        kind: 'response',
        statusCode: Number(result.statusCode),
        headers: Object.fromEntries(Object.entries(headers).map(([header, { value }]) => [header, value])),
        body: typeof result.body === 'string' ? result.body : '',
      };
    }
    return { kind: 'request', request: result as unknown as ViewerRequest };
  };
}
