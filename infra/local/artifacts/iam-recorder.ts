/**
 * Least privilege, checked on what the tests really do: each packaged function gets its own recording proxy as its
 * AWS endpoint for every service. The proxy forwards each request to the emulator unchanged (same Host header, so
 * signatures still hold) and notes what IAM would evaluate for it. Presigned requests that a browser sends (uploads,
 * licence views) carry the signing function's endpoint, so they are attributed to that function, as IAM does.
 * At the end every call is decided against the function's policies from the template, and every granted action no
 * call used is listed (docs/security.md).
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StackInfo } from '../config';
import { closeServer, readBody } from '../http';
import type { DeployedApp, DeployedFunction } from './assembly';
import { describeAwsCall, type ArnContext, type AwsCall, type RequiredPermission } from './aws-calls';
import type { ServiceEndpoints } from './environment';
import { decide, grantsOf } from './iam-policy';

/** Variables naming the resources whose local names differ from the deployed ones. */
const RENAMED_VARIABLES = [
  'TABLE_NAME',
  'DEAL_IMAGES_BUCKET',
  'BROKER_PHOTOS_BUCKET',
  'BROKER_LICENCES_BUCKET',
  'SITE_BUCKET',
  'USER_POOL_ID',
];

export interface RecordedCall {
  functionName: string;
  call: AwsCall;
  status: number;
}

export interface DeniedCall {
  functionName: string;
  operation: string;
  need: RequiredPermission;
  notes: string[];
}

export interface IamReport {
  calls: number;
  denied: DeniedCall[];
  /** Per function, the granted (action, resource) pairs no recorded call used. */
  unused: Record<string, { sid: string; action: string; resource: string }[]>;
}

export interface AwsCallRecorder {
  endpointsFor(functionName: string): ServiceEndpoints;
  /** The S3 access key of the function (its S3 calls, presigned ones included, are known by it). */
  s3AccessKeyFor(functionName: string): string;
  stop(): Promise<void>;
}

/** s3rver on an internal port, fronted by the recorder on the stack's public S3 port. */
export interface S3Front {
  publicPort: number;
  internalPort: number;
  /** Makes s3rver accept a new access key. */
  addAccessKey(accessKeyId: string): void;
}

/** The access key id a signed S3 request was signed with: header, presigned query, or presigned POST form field. */
export function s3AccessKeyOf(
  url: string,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
): string | undefined {
  const authorization = headers.authorization;
  const fromHeader = /Credential=([^/,\s]+)\//.exec(
    Array.isArray(authorization) ? authorization[0]! : (authorization ?? ''),
  )?.[1];
  const fromQuery = new URL(url, 'http://local').searchParams.get('X-Amz-Credential')?.split('/')[0];
  const fromForm = /name="X-Amz-Credential"\r\n\r\n([^/\r]+)\//i.exec(body.toString('latin1'))?.[1];
  return fromHeader ?? fromQuery ?? fromForm;
}

function renamer(app: DeployedApp, localEnvironment: Record<string, string>): (name: string) => string {
  const renames = new Map<string, string>();
  for (const fn of app.functions) {
    for (const variable of RENAMED_VARIABLES) {
      const local = localEnvironment[variable];
      const deployed = fn.environment[variable];
      if (local && deployed) renames.set(local, deployed);
    }
  }
  return (name) => renames.get(name) ?? name;
}

/** Where a per-function proxy sends a call (S3 calls arrive at the S3 front instead; see below). */
function serviceTarget(call: AwsCall, info: StackInfo): URL {
  switch (call.service) {
    case 'dynamodb':
      return new URL(info.urls.dynamodb);
    case 'cognito-idp':
      return new URL(info.urls.cognito);
    case 'sesv2':
      return new URL(info.urls.ses);
    case 'sns':
      return new URL(info.urls.smsEndpoint);
    default:
      return new URL(info.urls.s3);
  }
}

/** Records every call as one JSON line (RecordedCall) appended to `callsFile`, read by the least-privilege test. */
export async function startAwsCallRecorder(
  app: DeployedApp,
  info: StackInfo,
  localEnvironment: Record<string, string>,
  callsFile: string,
  s3: S3Front,
): Promise<AwsCallRecorder> {
  const arn: ArnContext = { region: app.region, account: app.account, rename: renamer(app, localEnvironment) };
  writeFileSync(callsFile, '');
  const record = (entry: RecordedCall) => appendFileSync(callsFile, `${JSON.stringify(entry)}\n`);
  const servers = new Map<string, { server: Server; port: number }>();
  const s3Keys = new Map(app.functions.map((fn) => [fn.name, `LD${fn.name.replace(/[^a-z0-9]/gi, '').toUpperCase()}`]));
  const functionOfKey = new Map([...s3Keys].map(([name, key]) => [key, name]));
  for (const key of s3Keys.values()) s3.addAccessKey(key);

  /** Forwards a request unchanged (same Host: signatures still hold) and answers with the emulator's answer. */
  const forward = (
    target: URL,
    raw: { method: string; url: string; body: Buffer },
    headers: Record<string, string | string[] | undefined>,
    res: import('node:http').ServerResponse,
    onAnswer: (status: number) => void,
  ) => {
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: raw.method, path: raw.url, headers },
      (answer) => {
        onAnswer(answer.statusCode ?? 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`recording proxy: ${error.message}`);
    });
    forwarded.end(raw.body);
  };

  // The stack's S3 host: every S3 request (functions, presigned browser requests, tests) passes here; those signed
  // with a function's key are that function's calls.
  const s3Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const raw = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      const functionName = functionOfKey.get(s3AccessKeyOf(raw.url, req.headers, body) ?? '');
      const call = functionName ? describeAwsCall(raw, arn) : undefined;
      forward(new URL(`http://127.0.0.1:${s3.internalPort}`), raw, req.headers, res, (status) => {
        if (functionName && call?.needs.length) record({ functionName, call, status });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    s3Server.once('error', reject);
    s3Server.listen(s3.publicPort, '127.0.0.1', () => resolve());
  });
  servers.set('(s3)', { server: s3Server, port: s3.publicPort });

  const proxyFor = (fn: DeployedFunction): Server =>
    createServer((req, res) => {
      void readBody(req).then((body) => {
        const raw = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
        const call = describeAwsCall(raw, arn) ?? { service: 's3' as const, operation: 'Preflight', needs: [] };
        forward(serviceTarget(call, info), raw, req.headers, res, (status) => {
          if (call.needs.length) record({ functionName: fn.name, call, status });
        });
      });
    });

  for (const fn of app.functions) {
    const server = proxyFor(fn);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    servers.set(fn.name, { server, port: (server.address() as AddressInfo).port });
  }

  return {
    endpointsFor(functionName) {
      const proxy = servers.get(functionName);
      if (!proxy) throw new Error(`No recording proxy for ${functionName}`);
      const origin = `http://localhost:${proxy.port}`;
      const sms = new URL(info.urls.smsEndpoint);
      // S3 is the stack's own S3 host (presigned URLs reach browsers and must name the bucket's host, as in AWS).
      return { dynamodb: origin, s3: info.urls.s3, sesv2: origin, cognito: origin, sns: `${origin}${sms.pathname}` };
    },
    s3AccessKeyFor(functionName) {
      const key = s3Keys.get(functionName);
      if (!key) throw new Error(`No S3 access key for ${functionName}`);
      return key;
    },
    async stop() {
      await Promise.all([...servers.values()].map(({ server }) => closeServer(server)));
    },
  };
}

/** Every recorded call decided against its function's policies, and the grants no call used. */
export function iamReport(app: DeployedApp, recorded: readonly RecordedCall[]): IamReport {
  const denied: DeniedCall[] = [];
  const used = new Map<string, RequiredPermission[]>();
  for (const { functionName, call } of recorded) {
    const fn = app.functions.find((candidate) => candidate.name === functionName);
    if (!fn) throw new Error(`A call was recorded for ${functionName}, which the assembly does not have`);
    for (const need of call.needs) {
      const decision = decide(fn.statements, need);
      if (!decision.allowed) denied.push({ functionName, operation: call.operation, need, notes: decision.notes });
      used.set(functionName, [...(used.get(functionName) ?? []), need]);
    }
  }
  const unused: IamReport['unused'] = {};
  for (const fn of app.functions) {
    const needs = used.get(fn.name) ?? [];
    const idle = grantsOf(fn.statements).filter(
      (grant) =>
        !grant.action.startsWith('logs:') &&
        !needs.some((need) => decide([{ Effect: 'Allow', Action: grant.action, Resource: grant.resource }], need).allowed),
    );
    if (idle.length) unused[fn.name] = idle;
  }
  return { calls: recorded.length, denied, unused };
}

/** The calls a recorder wrote. */
export function readRecordedCalls(callsFile: string): RecordedCall[] {
  return readFileSync(callsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedCall);
}

/** The report as text: denied calls first (each with what is missing), then the grants no test used. */
export function formatIamReport(report: IamReport): string {
  const lines = [`IAM check: ${report.calls} AWS calls recorded, ${report.denied.length} denied by the template's policies.`];
  const seen = new Set<string>();
  for (const denied of report.denied) {
    const line = `  DENIED ${denied.functionName} ${denied.operation}: needs ${denied.need.action} on ${denied.need.resource}${
      denied.need.context ? ` with ${JSON.stringify(denied.need.context)}` : ''
    }${denied.notes.length ? ` (${denied.notes.join('; ')})` : ''}`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  const unusedEntries = Object.entries(report.unused);
  if (unusedEntries.length) lines.push('Granted but never used by any test (docs/security.md says which stay on purpose):');
  for (const [functionName, grants] of unusedEntries) {
    for (const grant of grants) lines.push(`  ${functionName} ${grant.sid}: ${grant.action} on ${grant.resource}`);
  }
  return lines.join('\n');
}
