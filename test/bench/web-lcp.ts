/**
 * Budget: LCP under 2.5 s for the public pages (quote wizard, trending embed) on a phone-sized window with the CPU
 * slowed down 4x (Chromium's DevTools protocol, Emulation.setCPUThrottlingRate), from the production build served
 * by `vite preview` (the same public-page paths as CloudFront, web/vite.config.ts). The median of a few cold loads
 * (a fresh browser context each, so nothing is cached).
 *
 * The preview has no API behind it: the wizard renders as it does (it calls nothing on load), the embed shows its
 * empty state after a failed call, which is what a shopper sees first on a slow phone anyway.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { preview } from 'vite';
import { launchBrowser } from '@test/e2e/browser';
import type { BudgetRow } from './report';

const WEB_ROOT = new URL('../../web/', import.meta.url).pathname;
const LCP_LIMIT_MS = 2500;
const CPU_SLOWDOWN = 4;
const RUNS = 3;

const PAGES = [
  { label: '/get-quote (quote wizard)', path: '/get-quote' },
  { label: '/trending-deals-embed', path: '/trending-deals-embed' },
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
        await tab.goto(`${origin}${page.path}`, { waitUntil: 'load' });
        await tab.waitForTimeout(1500);
        samples.push(await tab.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
        await context.close();
      }
      const lcp = median(samples);
      rows.push({
        budget: 'web LCP (4x CPU)',
        subject: page.label,
        measured: `${(lcp / 1000).toFixed(2)} s`,
        limit: `< ${(LCP_LIMIT_MS / 1000).toFixed(1)} s`,
        pass: lcp > 0 && lcp < LCP_LIMIT_MS,
        note: `median of ${RUNS} cold loads (${samples.map((ms) => Math.round(ms)).join(', ')} ms), vite preview, 390x844`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
