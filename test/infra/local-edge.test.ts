/**
 * The local production edge reads the distribution from the template the web stack synthesizes: every behaviour
 * with an origin it stands in for, the functions' own code (the SPA fallback among them), whether CloudFront may
 * list the buckets, and CSPs whose every deployed origin has a local stand-in. Then the edge answers as the template
 * says, here with a stand-in API that answers errors. (The browser suite runs against it: test/support/stack-setup.ts.)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStack, TEST_PORTS } from '@infra/local/config';
import { SYNTH_E_SIGNATURE_FORM_URL, synthesizeDistribution } from '@infra/local/edge/distribution';
import { createEdgeServer } from '@infra/local/edge/edge-server';
import { siteBucket } from '@infra/local/edge/site-bucket';
import { closeServer } from '@infra/local/http';
import { localContentSecurityPolicy, localOriginMap } from '@infra/local/edge/local-origins';
import { policyHeaders } from '@infra/local/edge/response-headers';

const distribution = synthesizeDistribution();
const info = describeStack(TEST_PORTS);

describe('the distribution as the local edge reads it', () => {
  it('has every behaviour in CloudFront order, each on an origin with a local stand-in, the default last', () => {
    expect(
      distribution.behaviours.map(({ pathPattern, origin, viewerRequest }) => [pathPattern, origin, Boolean(viewerRequest)]),
    ).toEqual([
      ['/deal-images/*', { kind: 'bucket', bucket: 'dealImages', listable: false }, true],
      [
        '/trending-deals-embed*',
        {
          kind: 'group',
          primary: { kind: 'site', listable: true, path: '/rendered' },
          fallback: { kind: 'site', listable: true, path: '' },
          statusCodes: [404],
        },
        true,
      ],
      ['/get-quote*', { kind: 'site', listable: true, path: '' }, true],
      ['/quote-thank-you*', { kind: 'site', listable: true, path: '' }, true],
      ['/proposal/*', { kind: 'site', listable: true, path: '' }, true],
      ['/public-api/marketplace/trending', { kind: 'api' }, true],
      ['*', { kind: 'site', listable: true, path: '' }, true],
    ]);
    expect(distribution.defaultRootObject).toBe('index.html');
  });

  it("has no custom error responses: an origin's 403 or 404 is the viewer's", () => {
    expect(distribution.errorResponses).toEqual([]);
  });

  it('serves every policy with a CSP whose deployed origins all have local stand-ins', () => {
    const origins = localOriginMap(distribution.deployed, info);
    const csps = distribution.behaviours.map(
      (behaviour) =>
        policyHeaders(behaviour.headersPolicy, (csp) => localContentSecurityPolicy(csp, origins)).find(
          (header) => header.name === 'Content-Security-Policy',
        )!.value,
    );

    expect(distribution.deployed.eSignature).toEqual([new URL(SYNTH_E_SIGNATURE_FORM_URL).origin]);
    const app = csps.at(-1)!;
    expect(app).toContain(
      `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com ${info.urls.api}`,
    );
    expect(app).toContain(`img-src 'self' data: blob: ${info.urls.s3};`);
    expect(app).toContain(`connect-src 'self' ${info.urls.api} ${info.urls.cognito} ${info.urls.s3};`);
    expect(csps.join(' ')).not.toMatch(/amazonaws\.com|example\.com|</);
  });
});

describe('the edge answering as the synthesized distribution', () => {
  const INDEX = '<!doctype html><title>LeaseDesk</title>';
  /** The API's one error shape, as a missing record answers it. */
  const NOT_FOUND = { error: { code: 'not_found', message: 'Vehicle not found' } };
  let dir: string;
  let api: Server;
  let edge: Server;
  let apiStatus = 404;
  let edgeUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'leasedesk-edge-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'index-abc.js'), 'export {}');
    // A stand-in API answering every path with the status the test sets and the API's error body.
    api = createServer((_, res) => {
      res.writeHead(apiStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify(NOT_FOUND));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiPort = (api.address() as { port: number }).port;
    const origins = localOriginMap(distribution.deployed, info);
    edge = createEdgeServer(
      distribution,
      {
        site: siteBucket(dir, {}),
        bucketUrl: { dealImages: 'http://127.0.0.1:9', brokerPhotos: 'http://127.0.0.1:9', brokerLicences: 'http://127.0.0.1:9' },
        apiUrl: `http://127.0.0.1:${apiPort}`,
      },
      (csp) => localContentSecurityPolicy(csp, origins),
    );
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    edgeUrl = `http://127.0.0.1:${(edge.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await Promise.all([closeServer(edge), closeServer(api)]);
    await rm(dir, { recursive: true, force: true });
  });

  it.each([404, 403])(
    "passes the API's %s on the cached public API path to the caller with the API's JSON body",
    async (status) => {
      apiStatus = status;

      const answer = await fetch(`${edgeUrl}/public-api/marketplace/trending`);

      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(await answer.json()).toEqual(NOT_FOUND);
    },
  );

  it.each(['/', '/deals/123', '/admin/brokers'])('answers the app route %s with index.html and 200', async (path) => {
    const answer = await fetch(`${edgeUrl}${path}`);

    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(INDEX);
  });

  it.each(['/assets/missing.js', '/no-such-file.png', '/public-api/no-such-route'])(
    'answers %s, no object of the site bucket, 404 and never index.html',
    async (path) => {
      const answer = await fetch(`${edgeUrl}${path}`);

      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain(INDEX);
    },
  );

  it("serves the embed's built page until the rank-trending job has written its page, then the written one", async () => {
    await writeFile(join(dir, 'trending-deals-embed.html'), 'built');
    await expect((await fetch(`${edgeUrl}/trending-deals-embed`)).text()).resolves.toBe('built');

    await mkdir(join(dir, 'rendered'));
    await writeFile(join(dir, 'rendered', 'trending-deals-embed.html'), 'written');

    const answer = await fetch(`${edgeUrl}/trending-deals-embed/anything`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('written');
    expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
  });

  it('serves an asset that exists', async () => {
    const answer = await fetch(`${edgeUrl}/assets/index-abc.js`);

    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('export {}');
  });
});
