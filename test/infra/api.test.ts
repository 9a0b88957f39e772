import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE, FEATURES, ROUTES, routeKey, type RouteDef } from '@shared/api/routes';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

const { stacks } = buildApp({ context: { stage: 'dev', appOrigin: 'https://app.example.com' } });
const api = templateOf(stacks.api);
const routes = ROUTES as readonly RouteDef[];

/** [logical id, resource] pairs; template JSON is loosely typed (as the assertions library returns it). */
const resources = (template: Template, type: string) => Object.entries(template.findResources(type));

/** The feature function an integration invokes, from its IntegrationUri `Fn::GetAtt`. */
function integrationTarget(integrationId: string): string {
  const integration = api.findResources('AWS::ApiGatewayV2::Integration')[integrationId];
  return integration.Properties.IntegrationUri['Fn::GetAtt'][0];
}

describe('HTTP API routes generated from the route table', () => {
  const apiRoutes = resources(api, 'AWS::ApiGatewayV2::Route');
  const functionOf = (feature: string) => logicalIdOf(api, 'AWS::Lambda::Function', { FunctionName: `leasedesk-dev-${feature}` });

  it('has exactly one API route per route table entry', () => {
    expect(apiRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s has the authorization of its access rule', (key, route) => {
    const [, apiRoute] = apiRoutes.find(([, r]) => r.Properties.RouteKey === key)!;

    if (route.access === 'public') {
      expect(apiRoute.Properties.AuthorizationType).toBe('NONE');
      expect(apiRoute.Properties.AuthorizerId).toBeUndefined();
    } else {
      expect(apiRoute.Properties.AuthorizationType).toBe('JWT');
      expect(apiRoute.Properties.AuthorizerId).toEqual({ Ref: logicalIdOf(api, 'AWS::ApiGatewayV2::Authorizer') });
    }
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s goes to its feature Lambda', (key, route) => {
    const [, apiRoute] = apiRoutes.find(([, r]) => r.Properties.RouteKey === key)!;
    const integrationId = apiRoute.Properties.Target['Fn::Join'][1][1].Ref as string;

    expect(integrationTarget(integrationId)).toBe(functionOf(route.feature));
  });

  it('has one Lambda per feature and no other', () => {
    const names = resources(api, 'AWS::Lambda::Function')
      .map(([, fn]) => fn.Properties.FunctionName)
      .sort();
    expect(names).toEqual(FEATURES.map((feature) => `leasedesk-dev-${feature}`).sort());
  });

  it('verifies Cognito JWTs issued to the web client of the stage pool', () => {
    const [, authorizer] = resources(api, 'AWS::ApiGatewayV2::Authorizer')[0];

    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    // The audience is the app client id and the issuer the pool's, both from the auth stack.
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Audience)).toMatch(/UserPoolWebClient/);
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toMatch(/cognito-idp\..*UserPool/);
  });
});

describe('HTTP API stage', () => {
  it('throttles every route by DEFAULT_THROTTLE and overrides it per route where the route table says so', () => {
    const throttled = routes.filter((r) => r.throttle);
    expect(throttled.length).toBeGreaterThan(0);

    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: DEFAULT_THROTTLE.rateLimit,
        ThrottlingBurstLimit: DEFAULT_THROTTLE.burstLimit,
      },
      RouteSettings: Object.fromEntries(
        throttled.map((r) => [
          routeKey(r),
          { ThrottlingRateLimit: r.throttle!.rateLimit, ThrottlingBurstLimit: r.throttle!.burstLimit },
        ]),
      ),
    });
  });

  it('creates the stage after the routes its RouteSettings name', () => {
    const [, stage] = Object.entries(api.findResources('AWS::ApiGatewayV2::Stage'))[0] as [string, { DependsOn: string[] }];
    const routeIds = resources(api, 'AWS::ApiGatewayV2::Route')
      .filter(([, r]) => routes.find((route) => routeKey(route) === r.Properties.RouteKey)?.throttle)
      .map(([id]) => id);

    expect(stage.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  it('writes JSON access logs to a log group with retention', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('AccessLogs'), 'Arn'] },
        Format: Match.serializedJson(
          Match.objectLike({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' }),
        ),
      },
    });
    api.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('allows cross-origin calls from the app origin only', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['https://app.example.com'],
        AllowHeaders: ['authorization', 'content-type'],
      }),
    });
  });
});

describe('feature functions', () => {
  it('run Node.js 22 on arm64 with JSON logs into their own log group', () => {
    for (const [, fn] of resources(api, 'AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: expect.stringMatching(/Logs/) } },
      });
    }
  });

  it('receive the shared environment variables', () => {
    const [, fn] = resources(api, 'AWS::Lambda::Function')[0];
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'DEAL_IMAGES_BUCKET',
        'BROKER_PHOTOS_BUCKET',
        'BROKER_LICENCES_BUCKET',
        'USER_POOL_ID',
        'USER_POOL_CLIENT_ID',
        'COMPANY_EMAIL_DOMAIN',
        'MAIL_FROM',
        'APP_URL',
      ]),
    );
    expect(fn.Properties.Environment.Variables).toMatchObject({
      COMPANY_EMAIL_DOMAIN: 'leasedesk.com',
      MAIL_FROM: 'no-reply@leasedesk.com',
      APP_URL: 'https://app.example.com',
    });
  });

  it('trace with X-Ray in production only', () => {
    const prod = templateOf(buildApp({ context: { stage: 'prod' } }).stacks.api);
    prod.allResourcesProperties('AWS::Lambda::Function', { TracingConfig: { Mode: 'Active' } });
    api.allResourcesProperties('AWS::Lambda::Function', { TracingConfig: Match.absent() });
  });
});
