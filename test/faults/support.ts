/**
 * The fault suite's tools. Faults of outside services are injected with aws-sdk-client-mock on the SDK client class
 * the code under test builds (the house rule: mocks only for outside services failing); everything else is real:
 * DynamoDB Local, cognito-local, s3rver, the local SES and SNS stand-ins of the test stack.
 *
 * The injection happens in this process, so the code under test runs here too: a feature's real Lambda handler
 * (`invokeRoute`: the same featureHandler, route module, stores and error mapping the deployed function runs, over
 * the test stack's table) or a service called with the function's own stores.
 */
import { request as httpRequest } from 'node:http';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { ApiEvent } from '@functions/lib/http/feature-handler';
import { createData } from '@infra/data/create-data';
import type { Principals, SignedInCaller } from '@test/support/principals';
import { getStack } from '@test/support/stack';

export interface RouteAnswer<T = unknown> {
  status: number;
  headers: Record<string, string>;
  body: T;
}

/** Calls a feature's Lambda handler in this process with the API Gateway event of `routeKey` for `caller`. */
export async function invokeRoute<T = unknown>(
  handler: (event: ApiEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>,
  routeKey: string,
  options: { principals: Principals; caller: SignedInCaller; body?: unknown; params?: Record<string, string> },
): Promise<RouteAnswer<T>> {
  getStack(); // the functions' environment: the test stack's table, buckets, pool and endpoints
  const [method, template] = routeKey.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? name);
  const who = options.principals.of[options.caller];
  const claims = { sub: who.userId, email: who.email, 'cognito:groups': `[${options.principals.roleOf(options.caller)}]` };
  const event = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: options.params,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'faults',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.9.9', userAgent: 'fault-suite' },
      requestId: `faults-${Date.now()}`,
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
    },
  } as unknown as ApiEvent;
  const result = await handler(event, {} as Context);
  const text = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)])),
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}

/**
 * The DynamoDB document client of every store in this process, with every call passing through to DynamoDB Local
 * unless a test says otherwise (`.on(TransactWriteCommand).rejects(...)`). `restore()` when done.
 */
export function tableFaults() {
  const stub = mockClient(DynamoDBDocumentClient);
  stub.send.callThrough();
  return stub;
}

/** An item as stored (every attribute, index keys included), read consistently; undefined when absent. */
export async function storedItem(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  getStack();
  const { table } = createData();
  const { Item } = await table
    .getDocumentClient()
    .send(new GetCommand({ TableName: table.getName(), Key: { pk, sk }, ConsistentRead: true }));
  return Item;
}

/** An AWS SDK error as the client throws it once its own retries are spent. */
export function awsError(name: string, message: string, status = 400, extra: object = {}): Error {
  return Object.assign(new Error(message), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 3 },
    ...extra,
  });
}

/**
 * A public POST from a loopback address of its own: the sign-up routes count requests per source (route table
 * `sourceLimit`), and this suite must not use up the allowance of the suites calling from 127.0.0.1.
 */
export function postFromOwnSource<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const url = new URL(path, getStack().urls.api);
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) as T }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
