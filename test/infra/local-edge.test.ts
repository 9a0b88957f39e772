/**
 * The local production edge reads the distribution from the template the web stack synthesizes: every behaviour
 * with an origin it stands in for, the functions' own code, the SPA fallback, and CSPs whose every deployed origin
 * has a local stand-in. (The browser suite then runs against it: test/support/stack-setup.ts.)
 */
import { describe, expect, it } from 'vitest';
import { describeStack, TEST_PORTS } from '@infra/local/config';
import { SYNTH_E_SIGNATURE_FORM_URL, synthesizeDistribution } from '@infra/local/edge/distribution';
import { localContentSecurityPolicy, localOriginMap } from '@infra/local/edge/local-origins';
import { policyHeaders } from '@infra/local/edge/response-headers';

const distribution = synthesizeDistribution();
const info = describeStack(TEST_PORTS);

describe('the distribution as the local edge reads it', () => {
  it('has every behaviour in CloudFront order, each on an origin with a local stand-in, the default last', () => {
    expect(
      distribution.behaviours.map(({ pathPattern, origin, viewerRequest }) => [pathPattern, origin, Boolean(viewerRequest)]),
    ).toEqual([
      ['/deal-images/*', { kind: 'bucket', bucket: 'dealImages' }, true],
      ['/trending-deals-embed*', { kind: 'site' }, true],
      ['/get-quote*', { kind: 'site' }, true],
      ['/quote-thank-you*', { kind: 'site' }, true],
      ['/public-api/marketplace/trending', { kind: 'api' }, true],
      ['*', { kind: 'site' }, false],
    ]);
    expect(distribution.defaultRootObject).toBe('index.html');
  });

  it('falls back to /index.html with 200 for the 403 and 404 of an origin', () => {
    expect(distribution.errorResponses).toEqual([
      { errorCode: 403, responseCode: 200, pagePath: '/index.html' },
      { errorCode: 404, responseCode: 200, pagePath: '/index.html' },
    ]);
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
