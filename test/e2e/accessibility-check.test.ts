/**
 * The suite's accessibility check (expectAccessible) itself: it must fail on a serious violation wherever the page
 * has it, in the page or in a frame from another origin (each runs axe its own way: test/e2e/browser.ts), and pass a
 * clean page. Served by a small local server on two host names, so the frame is truly of another origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser } from './browser';

const CLEAN = '<main><h1>Deals</h1><p>Nothing to see.</p></main>';
/** An image with no text alternative: axe's image-alt, critical. */
const IMAGE_WITHOUT_ALT = '<img src="/car.png" width="20" height="20">';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Check</title></head><body>${body}</body></html>`;

let server: Server;
let port = 0;
let browser: Browser;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/car.png') {
      response.writeHead(404).end();
      return;
    }
    const frame = url.searchParams.get('frame');
    const body =
      url.pathname === '/frame'
        ? `<main><h1>Framed</h1>${IMAGE_WITHOUT_ALT}</main>`
        : url.pathname === '/broken'
          ? `<main><h1>Deals</h1>${IMAGE_WITHOUT_ALT}</main>`
          : frame
            ? `${CLEAN}<iframe title="Dealer listing" src="${frame}"></iframe>`
            : CLEAN;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The violations the check failed on (its assertion's actual list), or none when it passed. */
async function violationsOf(path: string): Promise<string[]> {
  try {
    await check(path);
    return [];
  } catch (error) {
    return (error as { actual?: string[] }).actual ?? [String(error)];
  }
}

async function check(path: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${port}${path}`);
    await tab.getByRole('heading', { name: 'Deals' }).waitFor();
    for (const frame of tab.frames()) await frame.waitForLoadState();
    await expectAccessible(tab);
  } finally {
    await context.close();
  }
}

describe('expectAccessible', () => {
  it('passes a page without violations', async () => {
    await expect(violationsOf('/')).resolves.toEqual([]);
  });

  it('fails on a critical violation in the page', async () => {
    await expect(violationsOf('/broken')).resolves.toEqual([expect.stringMatching(/^critical image-alt: .*\(img\)$/)]);
  });

  it('fails on a critical violation inside a frame from another origin', async () => {
    // localhost and 127.0.0.1 are two origins to the browser.
    const frame = encodeURIComponent(`http://localhost:${port}/frame`);
    await expect(violationsOf(`/?frame=${frame}`)).resolves.toEqual([
      expect.stringMatching(/^critical image-alt: .*\(iframe img\)$/),
    ]);
  });

  it('passes a page whose same-origin frame is clean', async () => {
    await expect(violationsOf(`/?frame=${encodeURIComponent('/')}`)).resolves.toEqual([]);
  });
});
