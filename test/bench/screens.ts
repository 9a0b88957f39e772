/**
 * `npm run bench -- screens`: the API calls the browser makes to render each screen (architecture.md, "Budgets": one
 * API call per screen load). It starts the in-memory local stack on the test ports (seeded, with the web app; so
 * not beside a `vitest --project stack` run with the same LEASEDESK_TEST_PORT_OFFSET), opens each screen in
 * Debian's Chromium as a fresh load, signed in as the screen's user, and counts the requests to the API until the
 * screen shows and the network is idle. Left out: CORS preflights and the route guard's GET /me (every fresh load
 * asks who is signed in; a navigation inside the app does not).
 *
 * A screen is one line of SCREENS: its path (or how to find it in the seed), who opens it, and what shows when it
 * has rendered.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Page, Request } from 'playwright-core';
import { createData } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS, LOCAL_CREDENTIALS, TEST_PORTS, type DemoUserKey, type StackInfo } from '@infra/local/config';
import { startLocalStack } from '@infra/local/stack';
import { launchBrowser, openPage } from '@test/e2e/browser';
import type { BudgetRow } from './report';
import { screenCalls } from '@test/support/shell-calls';

export interface ScreenLoad {
  /** The row's name, e.g. "/marketplace". */
  name: string;
  /** The path to open; a function for paths that name a record of the seed (e.g. a deal's id). */
  path: string | ((stack: StackInfo) => Promise<string>);
  as: DemoUserKey;
  /** Resolves once the screen shows its data (not a spinner). */
  shown: (page: Page) => Promise<unknown>;
  /** The screen's own budget where the contract needs more than one call (say why beside the row and in docs/bench.md). */
  callsBudget?: number;
}

/** A seeded client deal (pending) of the stack's table, read with the data layer. */
async function seededDealId(stack: StackInfo): Promise<string> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.urls.dynamodb, region: stack.region, credentials: LOCAL_CREDENTIALS }),
  );
  const [deal] = await createData({ client, table: stack.tableName }).deals.listByStatus('pending');
  if (!deal) throw new Error('The seed has no pending deal');
  return deal.id;
}

/** The budget: API calls one screen load makes (uploads and view tracking aside). */
const CALLS_BUDGET = 1;

export const SCREENS: ScreenLoad[] = [
  { name: '/marketplace', path: '/marketplace', as: 'broker', shown: (page) => page.getByRole('article').first().waitFor() },
  { name: '/dealerships', path: '/dealerships', as: 'admin', shown: (page) => page.getByRole('table').waitFor() },
  { name: '/deals', path: '/deals', as: 'broker', shown: (page) => page.getByRole('heading', { level: 2 }).first().waitFor() },
  {
    name: '/deals/{id}',
    path: async (stack) => `/deals/${await seededDealId(stack)}`,
    as: 'admin',
    shown: (page) => page.getByRole('heading', { name: 'Activity' }).waitFor(),
  },
  { name: '/clients', path: '/clients', as: 'admin', shown: (page) => page.getByRole('table').waitFor() },
  { name: '/academy', path: '/academy', as: 'broker', shown: (page) => page.getByRole('tab').first().waitFor() },
  {
    name: '/leads',
    path: '/leads',
    as: 'admin',
    shown: (page) => page.getByRole('list', { name: 'Leads, newest first' }).or(page.getByText('No leads yet')).first().waitFor(),
  },
  {
    name: '/archived-deals',
    path: '/archived-deals',
    as: 'admin',
    shown: (page) => page.getByRole('table').or(page.getByText('No archived deals found.')).first().waitFor(),
  },
  {
    name: '/admin/brokers',
    path: '/admin/brokers',
    as: 'admin',
    // One call (GET /admin/brokers?month=: the lists and the month's figures); a new month asks for its figures only.
    shown: (page) => page.getByRole('figure', { name: 'Team, last 6 months' }).waitFor(),
  },
  {
    name: '/profile',
    path: '/profile',
    as: 'broker',
    shown: (page) => page.getByRole('heading', { name: 'Recent Deals' }).waitFor(),
  },
  {
    name: '/consumer-portal',
    path: '/consumer-portal',
    as: 'consumer',
    shown: (page) => page.getByRole('tab', { name: 'My Broker' }).waitFor(),
  },
];

export async function benchScreens(log: (line: string) => void): Promise<BudgetRow[]> {
  const stackLog = join(tmpdir(), `leasedesk-bench-stack-${process.pid}.log`);
  writeFileSync(stackLog, '');
  log(`screens: starting the local stack on the test ports (log: ${stackLog})`);
  const stack = await startLocalStack({
    ports: TEST_PORTS,
    seed: true,
    web: true,
    scheduler: false,
    log: (source, message) => appendFileSync(stackLog, `${new Date().toISOString()} ${source.padEnd(8)} ${message}\n`),
  });
  const browser = await launchBrowser();
  try {
    const rows: BudgetRow[] = [];
    for (const screen of SCREENS) {
      const calls = await apiCallsToRender(await openPage(browser, stack.info.urls.web), stack.info, screen);
      rows.push({
        budget: 'API calls per screen',
        subject: `${screen.name} (${screen.as})`,
        measured: String(calls.length),
        limit: `<= ${screen.callsBudget ?? CALLS_BUDGET}`,
        pass: calls.length <= (screen.callsBudget ?? CALLS_BUDGET),
        note: calls.join(', ') || 'none',
      });
    }
    return rows;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** Signs in, then loads the screen afresh and returns the API calls it made ("GET /path"), GET /me left out. */
async function apiCallsToRender(
  { context, page }: Awaited<ReturnType<typeof openPage>>,
  stack: StackInfo,
  screen: ScreenLoad,
): Promise<string[]> {
  try {
    const user = DEMO_USERS.find((candidate) => candidate.key === screen.as)!;
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.waitForLoadState('networkidle');

    const apiOrigin = new URL(stack.urls.api).origin;
    const calls: string[] = [];
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (url.origin === apiOrigin && request.method() !== 'OPTIONS') calls.push(`${request.method()} ${url.pathname}`);
    };
    page.on('request', record);
    await page.goto(typeof screen.path === 'string' ? screen.path : await screen.path(stack));
    await screen.shown(page);
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    return screenCalls(calls);
  } finally {
    await context.close();
  }
}
