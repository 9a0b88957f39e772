/**
 * `npm run load`: drives the local stack with a realistic mix of requests (test/load/mix.ts) at a fixed number of
 * connections for a fixed time, with autocannon, and prints one table: per kind of request, the requests, answers
 * per second, latency percentiles, non-2xx answers and requests without an answer; then the totals. Exits 1 when a
 * request got no answer, answered 5xx, or answered outside 2xx other than a per-source limit's expected 429.
 *
 *   npm run load                                    30 s, DEFAULT_CONNECTIONS connections, every route set
 *   npm run load -- --duration 10 --connections 16
 *   npm run load -- --route-set screens,leads      only some of: screens, marketplace, quotes, leads
 *
 * It starts its own in-memory local stack (seeded, no web app, no scheduled jobs) on LOAD_PORTS and stops it at the
 * end. How it measures and the numbers: docs/bench.md, "Load".
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, DEMO_USERS, type StackInfo } from '@infra/local/config';
import { cognitoClient } from '@infra/local/demo-users';
import type { ClientListResponse } from '@shared/clients/api';
import type { DealListResponse } from '@shared/deals/list-api';
import type { LeadListResponse } from '@shared/leads/api';
import type { MarketplaceListResponse } from '@shared/marketplace/api';
import type { QuoteRequest } from '@shared/quotes/api';
import { apiFetch, signInWith } from '@test/support/stack';
import { hasSourceLimit, mixOf, parseRouteSets, rotationFor, weightedSequence, type LoadRequestKind, type RouteSet } from './mix';
import { formatLoadTable, LoadRecorder, loadVerdict } from './report';
import { LOAD_PORTS, startLoadStack } from './stack';

// The SDK warns once per process that Node 20 support ends in 2027; tooling runs on Node 20 by design (see README).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * Where throughput peaked in docs/bench.md ("Load"), with no error: more connections only queue (still no error up
 * to 64, but the p99 grows with them and the total falls).
 */
const DEFAULT_CONNECTIONS = 8;
const DEFAULT_DURATION_SECONDS = 30;

const log = (line: string) => console.error(`load  ${line}`);

interface LoadOptions {
  durationSeconds: number;
  connections: number;
  sets: RouteSet[];
}

function parseOptions(argv: string[]): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: { duration: { type: 'string' }, connections: { type: 'string' }, 'route-set': { type: 'string' } },
    strict: true,
  });
  const wholeNumber = (name: string, value: string | undefined, fallback: number) => {
    const parsed = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} takes a whole number >= 1, not "${value}"`);
    return parsed;
  };
  return {
    durationSeconds: wholeNumber('duration', values.duration, DEFAULT_DURATION_SECONDS),
    connections: wholeNumber('connections', values.connections, DEFAULT_CONNECTIONS),
    sets: parseRouteSets(values['route-set']),
  };
}

type Caller = LoadRequestKind['as'];
type Tokens = Record<Exclude<Caller, 'anonymous'>, string>;

/** What the seed holds for the requests to name: read through the API, as the screens would. */
interface Targets {
  dealIds: string[];
  clientIds: string[];
  leadIds: string[];
  /** Marketplace searches as a broker types them: a make, a model, a year, make and model. */
  searches: string[];
  makes: string[];
}

async function signInDemoUsers(stack: StackInfo): Promise<Tokens> {
  const client = cognitoClient(stack.urls.cognito);
  try {
    const tokenOf = async (key: 'broker' | 'admin') => {
      const user = DEMO_USERS.find((candidate) => candidate.key === key)!;
      return (await signInWith(client, stack.userPoolClientId, user.email, DEMO_PASSWORD)).idToken;
    };
    return { broker: await tokenOf('broker'), admin: await tokenOf('admin') };
  } finally {
    client.destroy();
  }
}

async function getOk<T>(stack: StackInfo, path: string, token: string): Promise<T> {
  const response = await apiFetch<T>(path, { token, apiUrl: stack.urls.api });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

async function findTargets(stack: StackInfo, tokens: Tokens): Promise<Targets> {
  const [deals, clients, leads, marketplace] = await Promise.all([
    getOk<DealListResponse>(stack, '/deals', tokens.broker),
    getOk<ClientListResponse>(stack, '/clients', tokens.broker),
    getOk<LeadListResponse>(stack, '/leads', tokens.admin),
    getOk<MarketplaceListResponse>(stack, '/marketplace/vehicles', tokens.broker),
  ]);
  const searches = [
    ...new Set(
      marketplace.items.flatMap((vehicle) => [
        vehicle.make,
        vehicle.model,
        String(vehicle.year),
        `${vehicle.make} ${vehicle.model}`,
      ]),
    ),
  ];
  const targets: Targets = {
    dealIds: deals.items.map((deal) => deal.id),
    clientIds: clients.clients.map((client) => client.id),
    leadIds: leads.leads.map((lead) => lead.id),
    searches,
    makes: marketplace.makes.map((make) => make.make),
  };
  const empty = Object.entries(targets).filter(([, values]) => (values as string[]).length === 0);
  if (empty.length > 0) throw new Error(`The demo seed gave nothing for ${empty.map(([name]) => name).join(', ')}`);
  return targets;
}

/** A quote request as the public wizard sends it: a new shopper and a new idempotency key each time. */
function quoteRequestBody(): string {
  const body: QuoteRequest = {
    vehiclePreference: 'exact',
    exactYear: 2025,
    exactMake: 'Toyota',
    exactModel: 'RAV4',
    exactTrim: 'XLE',
    mustHaveOptions: 'Heated seats',
    firstName: 'Load',
    lastName: 'Shopper',
    email: `load.shopper.${randomUUID()}@example.com`,
    phone: '4155552671',
    zipCode: '94107',
    preferredContactMethod: 'text',
    idempotencyKey: randomUUID(),
  };
  return JSON.stringify(body);
}

/** One kind of request, ready to send: its fixed parts, and the next path and body (cycling through the seed's records). */
interface Sender {
  kind: LoadRequestKind;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The route counts requests per source: a 429 is expected. */
  sourceLimited: boolean;
  next: () => { path: string; body?: string };
}

function cycling(values: readonly string[]): () => string {
  let index = 0;
  return () => values[index++ % values.length];
}

function senderOf(kind: LoadRequestKind, targets: Targets, tokens: Tokens): Sender {
  const headers: Record<string, string> = kind.as === 'anonymous' ? {} : { authorization: `Bearer ${tokens[kind.as]}` };
  const [method] = kind.routeKey.split(' ') as ['GET' | 'POST'];
  const sender = (next: Sender['next'], extraHeaders: Record<string, string> = {}): Sender => ({
    kind,
    method,
    headers: { ...headers, ...extraHeaders },
    sourceLimited: hasSourceLimit(kind.routeKey),
    next,
  });
  const nextDeal = cycling(targets.dealIds);
  const nextClient = cycling(targets.clientIds);
  const nextLead = cycling(targets.leadIds);
  const nextSearch = cycling(targets.searches);
  const nextMake = cycling(targets.makes);
  switch (kind.name) {
    case 'GET /dashboard':
    case 'GET /deals':
    case 'GET /clients':
    case 'GET /leads':
      return sender(() => ({ path: kind.name.slice('GET '.length) }));
    case 'GET /deals/{id}':
      return sender(() => ({ path: `/deals/${nextDeal()}` }));
    case 'GET /clients/{id}':
      return sender(() => ({ path: `/clients/${nextClient()}` }));
    case 'GET /leads/{id}':
      return sender(() => ({ path: `/leads/${nextLead()}` }));
    case 'GET /marketplace/vehicles?q=':
      return sender(() => ({ path: `/marketplace/vehicles?q=${encodeURIComponent(nextSearch())}` }));
    case 'GET /marketplace/vehicles?make=':
      return sender(() => ({ path: `/marketplace/vehicles?make=${encodeURIComponent(nextMake())}` }));
    case 'POST /quote-requests':
      return sender(() => ({ path: '/quote-requests', body: quoteRequestBody() }), { 'content-type': 'application/json' });
    default:
      throw new Error(`No request is built for ${kind.name}`);
  }
}

/**
 * Sends each kind once before the timed run: the first call of a feature loads its handler module, which is a cold
 * start rather than load, and a kind that does not answer 2xx here would only fill the table with errors.
 */
async function warmUp(stack: StackInfo, senders: readonly Sender[]): Promise<void> {
  for (const sender of senders) {
    const { path, body } = sender.next();
    const response = await fetch(`${stack.urls.api}${path}`, { method: sender.method, headers: sender.headers, body });
    await response.arrayBuffer();
    if (response.status < 200 || response.status > 299)
      throw new Error(`${sender.kind.name} answered ${response.status} before the run`);
  }
}

/**
 * autocannon with one cycle of the mix per connection (each starting at its own point). Every answer is recorded
 * against the kind that asked, with the latency autocannon measured: its own percentiles are for the whole run only
 * and stop at p97.5 (no p95).
 */
function drive(
  stack: StackInfo,
  senders: readonly Sender[],
  options: LoadOptions,
  recorder: LoadRecorder,
): Promise<autocannon.Result> {
  const cycle = weightedSequence(senders.map((sender) => sender.kind.weight)).map((index) => senders[index]);
  let connection = 0;
  const settings: autocannon.Options = {
    url: `http://127.0.0.1:${stack.ports.api}`,
    connections: options.connections,
    duration: options.durationSeconds,
    // Replaced per connection by setupClient; plain requests here, so that building them records nothing.
    requests: cycle.map((sender) => ({ method: sender.method, path: '/', headers: sender.headers })),
    setupClient: (client) => {
      // The request this connection is waiting for: autocannon sends the next one only after an answer, or after
      // giving up on this one (timeout, connection error), which is then counted as unanswered.
      let pending: Sender | undefined;
      client.setRequests(
        rotationFor(cycle, connection++, options.connections).map((sender) => ({
          method: sender.method,
          headers: sender.headers,
          setupRequest: (request) => {
            if (pending) recorder.unanswered(pending.kind.name);
            pending = sender;
            return { ...request, ...sender.next() };
          },
        })),
      );
      client.on('response', (status, _bytes, ms) => {
        if (!pending) return;
        recorder.answered(pending.kind.name, status, ms, status === 429 && pending.sourceLimited);
        pending = undefined;
      });
    },
  };
  let stop = () => {};
  process.once('SIGINT', () => stop());
  return new Promise<autocannon.Result>((resolve, reject) => {
    // Ctrl-C ends the run early; the table shows what was measured until then.
    const instance = autocannon(settings, (error: unknown, result) => (error ? reject(error as Error) : resolve(result)));
    stop = () => instance.stop();
  });
}

const machine = () =>
  `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const kinds = mixOf(options.sets);
  log(machine());
  const stackLog = join(tmpdir(), `leasedesk-load-stack-${process.pid}.log`);
  log(`starting the local stack on port ${LOAD_PORTS.api} and up (log: ${stackLog})`);
  const stack = await startLoadStack(LOAD_PORTS, stackLog);
  let result: autocannon.Result;
  const recorder = new LoadRecorder(kinds.map((kind) => kind.name));
  try {
    const tokens = await signInDemoUsers(stack.info);
    const targets = await findTargets(stack.info, tokens);
    const senders = kinds.map((kind) => senderOf(kind, targets, tokens));
    await warmUp(stack.info, senders);
    log(
      `${options.durationSeconds} s at ${options.connections} connections: ${kinds.map((kind) => `${kind.name} ${kind.weight}`).join(', ')}`,
    );
    result = await drive(stack.info, senders, options, recorder);
    log(`done; ${machine()}`);
  } finally {
    await stack.stop();
  }

  const total = recorder.total(result.duration);
  console.log(`\n${formatLoadTable(recorder.rows(result.duration), total)}\n`);
  console.log(
    `${options.connections} connections for ${result.duration.toFixed(1)} s: ${total.perSecond.toFixed(1)} requests/s, ` +
      `p99 ${total.p99?.toFixed(0) ?? '-'} ms (route sets: ${options.sets.join(', ')})`,
  );
  const verdict = loadVerdict(total, result.errors);
  console.log(verdict.clean ? 'Clean: every request answered, none in error.' : `Not clean: ${verdict.faults.join('; ')}.`);
  return verdict.clean ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
