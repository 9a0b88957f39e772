/**
 * Every route of the route table against generated hostile requests (test/support/hostile-input.ts lists what is
 * generated) from every kind of caller, through the local API. For each request:
 * - never a 5xx;
 * - a caller the route does not admit is refused (API Gateway's own 401 without a token, 403 in the error shape);
 * - an admitted caller with input the route's own schemas refuse gets 400 `bad_request`;
 * - every 4xx is the one error shape `{ error: { code, message, fields? } }` with the status of its code;
 * - a 2xx only for an admitted caller and valid input;
 * - every rejection leaves the DynamoDB table exactly as it was (compared as whole-table snapshots, table-snapshot.ts: before
 *   and after each request expected to succeed, and after the last request; the copies in between are kept current
 *   from the table's stream, and one Scan after the last route must agree with them: see watchTable()).
 *
 * The routes come from ROUTES and their schemas from their handlers (route-contracts.ts): a new route is covered
 * without writing anything. Runs per route: LEASEDESK_FUZZ_RUNS (default 30 in `npm test`; `npm run fuzz` sets
 * more); LEASEDESK_FUZZ_SEED replays a failure fast-check reported.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '@functions/lib/data/table';
import { ROUTES, routeKey, type RouteDef } from '@shared/api/routes';
import { ERROR_STATUS, type ApiErrorBody } from '@shared/errors';
import {
  adfDocument,
  adfSourceAddress,
  describeRequest,
  hostileRequest,
  isValidInput,
  sendRaw,
  type HostileRequest,
  type RawResponse,
} from '@test/support/hostile-input';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Caller, type Principals } from '@test/support/principals';
import { loadRouteContracts, type RouteContract } from '@test/support/route-contracts';
import { apiFetch, getStack } from '@test/support/stack';
import type { AdfAddress, AdfInboundResponse } from '@shared/leads/adf-api';
import { diffSnapshots, watchTable, type TableSnapshot, type TableWatch } from '@test/support/table-snapshot';
import { VALID_INPUTS } from './valid-inputs';

const RUNS = Number(process.env.LEASEDESK_FUZZ_RUNS ?? 30);
const SEED = process.env.LEASEDESK_FUZZ_SEED ? Number(process.env.LEASEDESK_FUZZ_SEED) : undefined;

let principals: Principals;
let contracts: Map<string, RouteContract>;
let table: TableWatch;

beforeAll(async () => {
  [principals, contracts] = await Promise.all([loadPrincipals(), loadRouteContracts()]);
  table = await watchTable();
});

// An admin's valid PUT /admin/settings may switch to own book: later files expect the default shared book.
afterAll(() => setClientBook('shared'));

/** Whether the route's access rule admits the caller (the broker-standing rule included). */
function admits(route: RouteDef, caller: Caller): boolean {
  if (route.access === 'public') return true;
  const role = principals.roleOf(caller);
  if (role === null || !route.access.includes(role)) return false;
  if (route.brokerStanding && caller === 'pendingBroker') return false;
  return !(route.brokerStanding === 'licensed' && caller === 'unlicensedBroker');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one error shape, and nothing else in it. */
function expectErrorShape(response: RawResponse, where: string) {
  const body = parseJson(response.text) as ApiErrorBody | undefined;
  expect(response.contentType, `${where}: an error is JSON`).toMatch(/^application\/json/);
  expect(Object.keys(body ?? {}), `${where}: ${response.text.slice(0, 300)}`).toEqual(['error']);
  const { code, message, fields, ...rest } = body!.error;
  expect(rest, `${where}: the error has only code, message and fields`).toEqual({});
  expect(ERROR_STATUS[code], `${where}: status ${response.status} goes with code ${code}`).toBe(response.status);
  expect(typeof message === 'string' && message.length > 0, `${where}: a message to show`).toBe(true);
  if (fields !== undefined) {
    expect(
      Object.values(fields).every((value) => typeof value === 'string'),
      `${where}: fields map paths to messages`,
    ).toBe(true);
  }
  return code;
}

describe.each((ROUTES as readonly RouteDef[]).map((route) => [routeKey(route), route] as const))(
  'hostile input: %s',
  (key, route) => {
    it(
      'answers every caller and input without a 5xx, refuses in the one error shape, and leaves the table unchanged on every rejection',
      async () => {
        const contract = contracts.get(key)!;
        // The table as it was after the last success, and the requests refused since: the table is compared before
        // and after each request expected to succeed (which may write) and once at the end, not after every
        // refusal. A refusal that wrote is still caught, among the few requests listed since the last comparison
        // (LEASEDESK_FUZZ_SEED replays them).
        let baseline: TableSnapshot = await table.snapshot();
        let refusedSince: string[] = [];
        const expectUnchanged = (snapshot: TableSnapshot) =>
          expect(
            diffSnapshots(baseline, snapshot),
            `a refused request changed the table; refused since the last comparison:\n${refusedSince.join('\n')}`,
          ).toEqual([]);

        const check = async (request: HostileRequest) => {
          const where = describeRequest(route.method, request);
          const admitted = admits(route, request.caller);
          const valid = isValidInput(contract, request);
          const mayWrite = admitted && valid;
          if (mayWrite) {
            expectUnchanged(await table.snapshot());
            refusedSince = [];
          }

          const response = await sendRaw(route.method, request, principals.tokenOf(request.caller));
          expect(response.status, `${where} answered ${response.status}: ${response.text.slice(0, 300)}`).toBeLessThan(500);

          if (response.status < 400) {
            expect({ admitted, valid }, `${where} succeeded (${response.status})`).toEqual({ admitted: true, valid: true });
            // A success may write: later refusals are compared with the table as it now is.
            baseline = await table.snapshot();
            return;
          }

          if (!admitted && request.caller === 'anonymous') {
            // API Gateway's JWT authorizer answers before the function runs, in its own fixed shape (docs/decisions.md).
            expect({ status: response.status, body: parseJson(response.text) }, where).toEqual({
              status: 401,
              body: { message: 'Unauthorized' },
            });
          } else {
            const code = expectErrorShape(response, where);
            // A per-source limit may refuse anything, in the error shape; every other refusal is the expected one.
            if (code !== 'too_many_requests') {
              if (!admitted) expect(code, `${where}: a caller the route does not admit`).toBe('forbidden');
              else if (!valid) expect(code, `${where}: input the route's schemas refuse`).toBe('bad_request');
            }
          }
          refusedSince.push(where);
          // A request expected to succeed but refused (not found, conflict) is held to the table at once.
          if (mayWrite) {
            expectUnchanged(await table.snapshot());
            refusedSince = [];
          }
        };

        await fc.assert(fc.asyncProperty(hostileRequest(route, contract, VALID_INPUTS[key]), check), {
          numRuns: RUNS,
          seed: SEED,
        });
        // The table as the watch sees it now; the watch itself is held to a full Scan once, after every route (below):
        // a Scan of the shard's table per route was most of this file's time.
        expectUnchanged(await table.snapshot());
      },
      RUNS * 2_000 + 30_000,
    );
  },
);

/**
 * ADF documents (test/support/hostile-input.ts `adfDocument`) posted to a live lead address: the routes' run above
 * only ever reaches an unknown token (404). Fewer runs than a route's (the file is CI's slowest): a document is
 * bigger and each success writes a lead.
 */
const ADF_RUNS = Math.max(10, Math.round(RUNS / 3));

describe('hostile input: ADF documents at a live lead address', () => {
  it(
    'answers every document without a 5xx, stores a valid one whole, and stores nothing of a refused one',
    async () => {
      const address = await apiFetch<AdfAddress>('/adf-inbound/company/regenerate', {
        token: principals.tokenOf('admin'),
        method: 'POST',
      });
      expect(address.status).toBe(200);
      let baseline = await table.snapshot();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(adfDocument, async ({ document, valid, contentType }) => {
          const where = `POST ${address.body.path} (${contentType}) ${JSON.stringify(document.slice(0, 300))}`;
          const response = await sendRaw(
            'POST',
            {
              caller: 'anonymous',
              path: address.body.path!,
              pathParameters: {},
              query: '',
              body: { kind: 'bytes', bytes: new TextEncoder().encode(document), contentType },
            },
            undefined,
            adfSourceAddress(sent++),
          );
          expect(response.status, `${where} answered ${response.status}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
          const after = await table.snapshot();
          if (response.status === 200) {
            // All of it: every prospect's answer names a lead that is stored.
            const { leads } = JSON.parse(response.text) as AdfInboundResponse;
            const keys = diffSnapshots(baseline, after).join('\n');
            for (const lead of leads.filter((l) => !l.duplicate)) expect(keys, where).toContain(`QUOTELEAD#${lead.id}`);
            baseline = after;
            return;
          }
          if (valid)
            expect.fail(`${where}: a valid document was refused with ${response.status}: ${response.text.slice(0, 300)}`);
          expectErrorShape(response, where);
          // None of it.
          expect(diffSnapshots(baseline, after), `${where} was refused but wrote`).toEqual([]);
        }),
        { numRuns: ADF_RUNS, seed: SEED },
      );
    },
    ADF_RUNS * 10_000 + 60_000,
  );
});

describe('the table watch the comparisons use', () => {
  it('agrees with a full Scan after every route and document above: no write went unreported', async () => {
    await expect(table.checkAgainstScan()).resolves.toBeInstanceOf(Map);
  });

  it('reports an added, a changed and a removed item, and agrees with a Scan afterwards', async () => {
    const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const { tableName } = getStack();
    const key = { [TABLE_KEYS.partitionKey]: `HOSTILE-INPUT-WATCH#${Date.now()}`, [TABLE_KEYS.sortKey]: 'ITEM' };
    const name = `${key[TABLE_KEYS.partitionKey]} | ITEM`;
    const before = await table.snapshot();

    await documents.send(new PutCommand({ TableName: tableName, Item: { ...key, value: 1 } }));
    expect(diffSnapshots(before, await table.snapshot())).toEqual([`added   ${name}: {"pk":"${key.pk}","sk":"ITEM","value":1}`]);
    await documents.send(new PutCommand({ TableName: tableName, Item: { ...key, value: 2 } }));
    expect(diffSnapshots(before, await table.snapshot())).toEqual([`added   ${name}: {"pk":"${key.pk}","sk":"ITEM","value":2}`]);
    await documents.send(new DeleteCommand({ TableName: tableName, Key: key }));
    expect(diffSnapshots(before, await table.snapshot())).toEqual([]);
    expect(diffSnapshots(before, await table.checkAgainstScan())).toEqual([]);
  });
});

describe('the hostile-request generator on a route with a path parameter', () => {
  // No route of the table takes an id yet; this keeps the generator's path side honest until one does.
  const route: RouteDef = { method: 'GET', path: '/deals/{id}', feature: 'dashboard', access: ['admin'], summary: 'synthetic' };
  const contract: RouteContract = { params: z.object({ id: z.string().regex(/^[0-9A-Z]{26}$/) }) };

  it('fills every id with one encoded segment, marks undecodable ones, and judges ids with the route schema', () => {
    const requests = fc.sample(
      hostileRequest(route, contract, fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } })),
      500,
    );

    for (const request of requests) {
      expect(request.path).toMatch(/^\/deals\/[^/]+$/);
      expect(new URL(request.path, 'http://localhost').pathname, 'no dot segments').toBe(request.path);
    }
    expect(requests.some((request) => request.pathParameters === undefined)).toBe(true);
    expect(requests.some((request) => request.path === '/deals/01JZZZZZZZZZZZZZZZZZZZZZZZ')).toBe(true);
    expect(
      requests
        .filter((request) => isValidInput(contract, request))
        .every((request) => request.pathParameters?.id === '01JZZZZZZZZZZZZZZZZZZZZZZZ'),
    ).toBe(true);
  });
});
