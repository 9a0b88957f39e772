/**
 * The web app as the test stack serves it by default: the production build behind the local production edge
 * (infra/local/edge), answering as the synthesized CloudFront distribution does. Raw requests, as any client sends
 * them: the app's headers on every path, the SPA fallback for app routes only (a missing file is a 404, never the
 * app), config.json as the deployment writes it, the embed's and the quote pages' own entries, deal images under
 * /deal-images/ from their bucket, nothing outside the build.
 * (The browser suite runs every screen against the same edge and fails on anything the browser refuses.)
 */
import { request } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createS3Client } from '@functions/lib/storage';
import { webConfig } from '@infra/local/web';
import { getStack, webMode } from '../support/stack';

const stack = getStack();
const web = new URL(stack.urls.web);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET the path exactly as written: no URL normalisation, as a hostile client would send it. */
function get(path: string, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(web.port), path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const directive = (answer: RawAnswer, name: string) =>
  String(answer.headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1);
const isIndexHtml = (answer: RawAnswer) =>
  answer.body.toString().includes('<script type="module" crossorigin src="/assets/index-');

describe.runIf(webMode() === 'production')('the local production edge', () => {
  it("serves the app built for production: React's development build (its warnings, several times slower) is not in it", async () => {
    const page = (await get('/')).body.toString();
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/.exec(page)?.[1];
    expect(entry, 'the staff app names its entry script').toBeDefined();
    const script = (await get(entry!)).body.toString();

    expect(script.length).toBeGreaterThan(10_000);
    // A sentence only React's development build carries (its list-key warning).
    expect(script).not.toContain('unique "key" prop');
  });

  it.each(['/', '/auth', '/deals/123', '/deals/01JNOSUCHDEAL/edit', '/no/such/page'])(
    'answers the app route %s with the staff app, 200 and the app headers (the SPA fallback)',
    async (path) => {
      const answer = await get(path);

      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html');
      expect(isIndexHtml(answer)).toBe(true);
      expect(answer.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'strict-transport-security': 'max-age=63072000; includeSubDomains',
      });
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      expect(directive(answer, 'script-src')).toEqual(["'self'"]);
      expect(directive(answer, 'frame-ancestors')).toEqual(["'none'"]);
    },
  );

  it("serves the template's CSP with the local stack's origins for the stage's", async () => {
    const answer = await get('/');

    expect(directive(answer, 'connect-src')).toEqual(["'self'", stack.urls.api, stack.urls.cognito, stack.urls.s3]);
    expect(directive(answer, 'img-src')).toEqual(["'self'", 'data:', 'blob:', stack.urls.s3]);
    // The academy's players, and the e-signature form: locally a page of the API server.
    expect(directive(answer, 'frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      stack.urls.api,
    ]);
  });

  it('serves config.json as the deployment writes it for the stage: here, the local stack', async () => {
    const answer = await get('/config.json');

    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual(webConfig(stack));
  });

  it.each([
    ['/trending-deals-embed', 'trending'],
    ['/trending-deals-embed/anything?dealer=1', 'trending'],
    ['/get-quote', 'quote'],
    ['/quote-thank-you', 'quote'],
  ])('answers %s with its own page, never the staff app', async (path, page) => {
    const answer = await get(path);

    expect(answer.status).toBe(200);
    expect(isIndexHtml(answer)).toBe(false);
    expect(answer.body.toString()).toMatch(page === 'trending' ? /src="\/assets\/embed-/ : /src="\/assets\/quote-/);
    expect(answer.headers['x-frame-options']).toBe(page === 'trending' ? undefined : 'DENY');
  });

  it('serves deal images under /deal-images/ from their bucket, and a missing one as CloudFront does', async () => {
    const s3 = await createS3Client();
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.buckets.dealImages,
        Key: 'vehicles/edge-test.png',
        Body: PNG,
        ContentType: 'image/png',
      }),
    );

    const image = await get('/deal-images/vehicles/edge-test.png');
    const missing = await get('/deal-images/vehicles/no-such.png');

    expect(image).toMatchObject({ status: 200, body: PNG });
    expect(image.headers['content-type']).toBe('image/png');
    // S3 answers CloudFront 403 for a key that is no object: CloudFront may read the deal images but not list them.
    expect(missing.status).toBe(403);
    expect(isIndexHtml(missing)).toBe(false);
    s3.destroy();
  });

  it("answers the public API's edge path from the API, with the API's caching headers", async () => {
    const answer = await get('/public-api/marketplace/trending');

    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60, s-maxage=300');
    expect(JSON.parse(answer.body.toString())).toHaveProperty('vehicles');
  });

  it.each(['/assets/missing.js', '/assets/index-nosuchhash.css', '/no-such-file.png', '/public-api/no-such-route'])(
    'answers %s, a path for a file the build does not have, 404 and never the app',
    async (path) => {
      const answer = await get(path);

      expect(answer.status).toBe(404);
      expect(isIndexHtml(answer)).toBe(false);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each([
    ['/../package.json', 404],
    ['/%2e%2e/package.json', 404],
    ['/assets/../../infra/local/config.ts', 404],
    // Normalised to /index.html (the app) or no file name at all (an app route): the app, never the checkout's file.
    ['/assets/%2e%2e/index.html', 200],
    ['/.git/config', 200],
  ])('serves nothing outside the build for %s (%i)', async (path, status) => {
    const answer = await get(path);

    expect(answer.status).toBe(status);
    if (status === 200) expect(isIndexHtml(answer)).toBe(true);
    else expect(answer.body.toString()).toContain('NoSuchKey');
  });

  it('refuses methods the default behaviour does not allow', async () => {
    await expect(get('/index.html', 'POST')).resolves.toMatchObject({ status: 403 });
  });
});
