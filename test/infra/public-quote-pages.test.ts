/**
 * The public pages on CloudFront (docs/decisions.md, "Quotes", "Public pages"): /get-quote* and /quote-thank-you*
 * are answered with their own light entry (get-quote.html), /proposal/* with proposal.html, never the staff app's
 * index.html, and keep the app's headers (no framing); the trending embed's API call has a cached edge path on the site (shared/api/edge.ts). The quote
 * routes' throttles reach the API stage.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { findRoute } from '@shared/api/routes';
import { EDGE_API_MAX_TTL, PROPOSAL_OBJECT, PROPOSAL_PATH, QUOTE_OBJECT, QUOTE_PATHS } from '@infra/stacks/web-stack';
import { edgePath } from '@shared/api/edge';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

const { stacks } = buildApp({ context: { stage: 'dev', appOrigin: 'https://app.example.com' } });
const web = templateOf(stacks.web);
const api = templateOf(stacks.api);

interface Behaviour {
  PathPattern: string;
  TargetOriginId: string;
  CachePolicyId: unknown;
  AllowedMethods?: string[];
  ResponseHeadersPolicyId: unknown;
  FunctionAssociations: { EventType: string; FunctionARN: { 'Fn::GetAtt': string[] } }[];
}
const behaviours = () =>
  Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig
    .CacheBehaviors as Behaviour[];
const behaviour = (pattern: string) => behaviours().find((b) => b.PathPattern === pattern)!;

function viewerRequest(pattern: string) {
  const functionId = behaviour(pattern).FunctionAssociations[0]!.FunctionARN['Fn::GetAtt'][0]!;
  const code = web.toJSON().Resources[functionId].Properties.FunctionCode as string;
  return new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
}

describe('the public quote pages', () => {
  it.each(QUOTE_PATHS)('%s has its own behaviour with the app headers (not frameable)', (pattern) => {
    expect(behaviour(pattern)).toMatchObject({
      ResponseHeadersPolicyId: {
        Ref: logicalIdOf(web, 'AWS::CloudFront::ResponseHeadersPolicy', {
          ResponseHeadersPolicyConfig: Match.objectLike({ Name: 'leasedesk-dev-app' }),
        }),
      },
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
  });

  it.each([
    ['/get-quote*', '/get-quote'],
    ['/get-quote*', '/get-quote/'],
    ['/get-quote*', '/get-quote?utm_source=dealer'],
    ['/quote-thank-you*', '/quote-thank-you'],
    ['/quote-thank-you*', '/quote-thank-you/../index.html'],
  ])('%s serves only the quote entry for %s, never the staff app', (pattern, uri) => {
    expect(viewerRequest(pattern)({ request: { uri } }).uri).toBe(QUOTE_OBJECT);
  });
});

describe("a client's proposal link", () => {
  it('/proposal/* has its own behaviour with the app headers (not frameable)', () => {
    expect(behaviour(PROPOSAL_PATH)).toMatchObject({
      ResponseHeadersPolicyId: {
        Ref: logicalIdOf(web, 'AWS::CloudFront::ResponseHeadersPolicy', {
          ResponseHeadersPolicyConfig: Match.objectLike({ Name: 'leasedesk-dev-app' }),
        }),
      },
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
  });

  it.each(['/proposal/abc_DEF-123', '/proposal/abc_DEF-123/', '/proposal/../index.html'])(
    'serves only the proposal entry for %s, never the staff app',
    (uri) => {
      expect(viewerRequest(PROPOSAL_PATH)({ request: { uri } }).uri).toBe(PROPOSAL_OBJECT);
    },
  );
});

describe('the quote routes on the API stage', () => {
  it.each(['POST /quote-requests', 'GET /quote-agents', 'GET /openapi.json'])('%s is throttled as its route says', (key) => {
    const { throttle } = findRoute(key)!;
    const [stage] = Object.values(api.findResources('AWS::ApiGatewayV2::Stage'));

    expect(throttle).toBeDefined();
    expect(stage!.Properties.RouteSettings[key]).toEqual({
      ThrottlingRateLimit: throttle!.rateLimit,
      ThrottlingBurstLimit: throttle!.burstLimit,
    });
  });

  it('has no authorizer on the public quote routes', () => {
    const routes = Object.values(api.findResources('AWS::ApiGatewayV2::Route')).filter((r) =>
      ['POST /quote-requests', 'GET /quote-agents', 'GET /openapi.json'].includes(r.Properties.RouteKey as string),
    );

    expect(routes).toHaveLength(3);
    for (const route of routes) expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
  });
});

describe('the trending edge path', () => {
  const pattern = edgePath('/marketplace/trending');

  it('sends GET /public-api/marketplace/trending to the API origin over HTTPS, read-only', () => {
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const origin = (
      distribution.Origins as { Id: string; DomainName: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string } }[]
    ).find((o) => o.Id === behaviour(pattern).TargetOriginId)!;

    expect(JSON.stringify(origin.DomainName)).toContain('Fn::Split');
    expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect([...(behaviour(pattern).AllowedMethods ?? ['GET', 'HEAD'])].sort()).toEqual(['GET', 'HEAD']);
  });

  it("caches as the API's s-maxage says, keyed on nothing from the viewer (no token, cookie or query)", () => {
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: {
        Name: 'leasedesk-dev-edge-api',
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: EDGE_API_MAX_TTL.toSeconds(),
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      },
    });
    expect(behaviour(pattern).CachePolicyId).toEqual({
      Ref: logicalIdOf(web, 'AWS::CloudFront::CachePolicy', {
        CachePolicyConfig: Match.objectLike({ Name: 'leasedesk-dev-edge-api' }),
      }),
    });
  });

  it('strips the prefix so the API sees its own route', () => {
    expect(viewerRequest(pattern)({ request: { uri: '/public-api/marketplace/trending' } }).uri).toBe('/marketplace/trending');
  });
});
