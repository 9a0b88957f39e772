/**
 * What a public page costs a phone (docs/decisions.md, "Public pages"): the JavaScript it transfers, gzipped, held
 * to a budget per page. The browser suite asserts it on the production build served through the local edge; the
 * bench (test/bench/web-bundles.ts) prints the same budgets from the build's manifests.
 *
 * The local edge does not compress (CloudFront does, `compress: true` on every behaviour), so the size counted is
 * each script body the browser received, gzipped here as CloudFront would send it.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Gzipped JavaScript budget of each public page's first load, in bytes. */
export const PUBLIC_PAGE_JS_BUDGETS = {
  proposal: 60 * 1024,
  embed: 20 * 1024,
  quote: 70 * 1024,
} as const;

export interface TransferredScript {
  url: string;
  /** The body as received. */
  bytes: number;
  /** The body gzipped: what CloudFront transfers. */
  gzipped: number;
}

/**
 * Starts counting the scripts the page receives (every frame, every script response, whatever started it); the
 * returned function gives them once each has been read.
 */
export function recordTransferredScripts(page: Page): () => Promise<TransferredScript[]> {
  const received: Promise<TransferredScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    received.push(
      response.body().then(
        (body) => ({ url: response.url(), bytes: body.length, gzipped: gzipSync(body).length }),
        () => ({ url: response.url(), bytes: 0, gzipped: 0 }),
      ),
    );
  });
  return () => Promise.all(received);
}

export const gzippedTotal = (scripts: TransferredScript[]) => scripts.reduce((sum, script) => sum + script.gzipped, 0);

/** "proposal-abc.js 18.6 KB, ..." for a failure message. */
export const describeScripts = (scripts: TransferredScript[]) =>
  scripts.map(({ url, gzipped }) => `${new URL(url).pathname} ${(gzipped / 1024).toFixed(1)} KB`).join(', ');
