/**
 * Budget: LCP of the public pages on a phone-sized window with the CPU slowed down 4x (Chromium's DevTools
 * protocol, Emulation.setCPUThrottlingRate), from the production build served by `vite preview` (the same
 * public-page paths as CloudFront, web/vite.config.ts): a proposal link and the quote wizard under 1 s, the trending
 * embed under 2.5 s. The median of a few cold loads (a fresh browser context each, so nothing is cached).
 *
 * The preview has no API behind it: the wizard renders as it does (it calls nothing on load), the embed shows its
 * empty state after a failed call, which is what a shopper sees first on a slow phone anyway. The proposal page
 * shows nothing without its proposal, so the browser answers its config.json and its one call with a sample
 * proposal (page.route), at once: the row measures the page, not the API.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { preview } from 'vite';
import type { WebConfig } from '@shared/config/web-config';
import type { PublicProposal } from '@shared/proposals/api';
import { launchBrowser } from '@test/e2e/browser';
import type { BudgetRow } from './report';

const WEB_ROOT = new URL('../../web/', import.meta.url).pathname;
const CPU_SLOWDOWN = 4;
const RUNS = 3;

/** A proposal as GET /proposals/{token} answers it: a desked lease, every section shown. */
const SAMPLE_PROPOSAL: PublicProposal = {
  status: 'sent',
  message: null,
  proposal: {
    id: 'bench',
    status: 'sent',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-04T10:00:00.000Z',
    acceptedAt: null,
    acceptedOption: null,
    snapshot: {
      vehicle: { year: 2026, make: 'Volvo', model: 'XC60', trim: 'B5 Plus', imageUrl: null },
      dealType: 'lease',
      monthlyPayment: 549.37,
      downPayment: 2999,
      termMonths: 36,
      mileageAllowance: 10000,
      moneyFactor: 0.00185,
      apr: 4.44,
      totalDueAtSigning: 4211.16,
      driveOff: {
        firstPayment: 549.37,
        cashDown: 2999,
        upfrontFees: 595,
        upfrontTax: 67.79,
        securityDeposits: 0,
        total: 4211.16,
      },
      conciergeFee: 499,
      incentives: ['Loyalty'],
      brokerName: 'Avery Broker',
      dealershipName: 'Sample Motors',
      clientName: 'Jordan Client',
      options: [],
    },
  },
};

/** Answers the proposal page's config.json and its one API call in the browser (the preview has no API). */
async function answerProposal(tab: Page, origin: string): Promise<void> {
  const config: WebConfig = {
    stage: 'bench',
    region: 'us-east-1',
    apiUrl: `${origin}/bench-api`,
    userPoolId: 'us-east-1_bench',
    userPoolClientId: 'bench',
    companyEmailDomain: 'example.com',
  };
  await tab.route(`${origin}/config.json`, (route) => route.fulfill({ json: config }));
  await tab.route(`${origin}/bench-api/proposals/*`, (route) => route.fulfill({ json: SAMPLE_PROPOSAL }));
}

interface LcpPage {
  label: string;
  path: string;
  limitMs: number;
  /** Sets the page's network up before it loads. */
  prepare?: (tab: Page, origin: string) => Promise<void>;
  /** Waits until the page shows its content (a page that renders after a call paints it after `load`). */
  shown?: (tab: Page) => Promise<void>;
}

const PAGES: LcpPage[] = [
  {
    label: '/proposal/{token}',
    path: '/proposal/bench-token-0000000000',
    limitMs: 1000,
    prepare: answerProposal,
    shown: (tab) => tab.getByTestId('proposal-monthly-payment').waitFor({ timeout: 30_000 }),
  },
  { label: '/get-quote (quote wizard)', path: '/get-quote', limitMs: 1000 },
  { label: '/trending-deals-embed', path: '/trending-deals-embed', limitMs: 2500 },
];

/** Reports the largest contentful paint seen so far (a buffered observer, read after the page settled). */
const OBSERVE_LCP = `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = Math.max(window.__lcp, entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** LCP rows for the public pages of the build in `outDir`. */
export async function benchPublicLcp(outDir: string): Promise<BudgetRow[]> {
  const server = await preview({
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address() as AddressInfo;
  const origin = `http://127.0.0.1:${address.port}`;
  const browser = await launchBrowser();
  try {
    const rows: BudgetRow[] = [];
    for (const page of PAGES) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await tab.addInitScript(OBSERVE_LCP);
        await page.prepare?.(tab, origin);
        await tab.goto(`${origin}${page.path}`, { waitUntil: 'load' });
        await page.shown?.(tab);
        await tab.waitForTimeout(1500);
        samples.push(await tab.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
        await context.close();
      }
      const lcp = median(samples);
      rows.push({
        budget: 'web LCP (4x CPU)',
        subject: page.label,
        measured: `${(lcp / 1000).toFixed(2)} s`,
        limit: `< ${(page.limitMs / 1000).toFixed(1)} s`,
        pass: lcp > 0 && lcp < page.limitMs,
        note: `median of ${RUNS} cold loads (${samples.map((ms) => Math.round(ms)).join(', ')} ms), vite preview, 390x844`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
