/**
 * The HTTP API, generated from the route table (shared/api/routes.ts): one FeatureFunction per feature serving all
 * of that feature's routes, the Cognito JWT authorizer on every non-public route, stage-wide default throttling with
 * per-route overrides, CORS for the app's origin and JSON access logs.
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv1 from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { DEFAULT_THROTTLE, FEATURES, ROUTES, routeKey, type Feature, type RouteDef } from '@shared/api/routes';
import { FeatureFunction } from '../constructs/feature-function';
import { acknowledge } from '../constructs/nag';
import type { StageConfig } from './config';
import { EmailStack } from './email-stack';
import { applyPermissions, featureEnvironment, functionEnvironment, secretsExtension, UploadBuckets } from './function-wiring';
import { functionName } from './names';
import { FEATURE_PERMISSIONS } from './permissions';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  table: ITable;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  userAgent: '$context.identity.userAgent',
});

const pascal = (name: string) => name.replace(/(^|[-_/{}\s]+)(\w)/g, (_, __, c: string) => c.toUpperCase());

export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions: Record<Feature, FeatureFunction>;
  /** The CfnRoute of each route, by route key ("GET /me"). */
  readonly routes = new Map<string, apigw.HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, table, userPool, userPoolClient } = props;

    const environment = functionEnvironment({
      config,
      tableName: table.tableName,
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPoolClient.userPoolClientId,
    });
    const buckets = new UploadBuckets(this, 'Buckets', config);
    const email = { identityArn: EmailStack.identityArn(this, config), mailFrom: config.mailFrom };

    this.functions = Object.fromEntries(
      FEATURES.map((feature) => {
        const fn = new FeatureFunction(this, `${pascal(feature)}Function`, {
          entry: `functions/${feature}/handler.ts`,
          functionName: functionName(config.stage, feature),
          serviceName: feature,
          description: `LeaseDesk ${feature} API (${config.stage})`,
          environment: { ...environment, ...featureEnvironment(feature, config) },
          logRetention: config.logRetention,
          removalPolicy: config.removalPolicy,
          tracing: config.tracing,
          paramsAndSecrets: secretsExtension(FEATURE_PERMISSIONS[feature]),
        });
        applyPermissions(fn, FEATURE_PERMISSIONS[feature], { table, buckets, userPool, email, config });
        return [feature, fn];
      }),
    ) as Record<Feature, FeatureFunction>;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `leasedesk-${config.stage}`,
      description: `LeaseDesk API (${config.stage}), generated from shared/api/routes.ts`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [config.appOrigin],
        allowMethods: [
          apigw.CorsHttpMethod.GET,
          apigw.CorsHttpMethod.POST,
          apigw.CorsHttpMethod.PUT,
          apigw.CorsHttpMethod.PATCH,
          apigw.CorsHttpMethod.DELETE,
          apigw.CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ['authorization', 'content-type'],
        maxAge: Duration.hours(1),
      },
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: DEFAULT_THROTTLE.rateLimit, burstLimit: DEFAULT_THROTTLE.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: apigwv1.AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', userPool, {
      authorizerName: 'cognito',
      userPoolClients: [userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    const noAuthorizer = new apigw.HttpNoneAuthorizer();
    const integrations = Object.fromEntries(
      FEATURES.map((feature) => [
        feature,
        new HttpLambdaIntegration(`${pascal(feature)}Integration`, this.functions[feature], {
          payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
        }),
      ]),
    ) as Record<Feature, HttpLambdaIntegration>;

    for (const route of ROUTES as readonly RouteDef[]) {
      const key = routeKey(route);
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration: integrations[route.feature],
        authorizer: route.access === 'public' ? noAuthorizer : authorizer,
      });
      this.routes.set(key, created);
      if (route.access === 'public') {
        acknowledge(
          created,
          'AwsSolutions-APIG4',
          `${key} is public in the route table (${route.summary}); it is throttled and needs no identity.`,
        );
      }
    }

    this.applyRouteThrottles();

    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl });
  }

  /** The API's base URL (no trailing slash), as the SPA's config.json carries it. */
  get apiUrl(): string {
    return this.httpApi.apiEndpoint;
  }

  /** Per-route throttles from the route table go in the stage's RouteSettings, which must come after the routes. */
  private applyRouteThrottles(): void {
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    // RouteSettings is an untyped map in the L1, passed through verbatim: CloudFormation's PascalCase keys.
    const settings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of ROUTES as readonly RouteDef[]) {
      if (!route.throttle) continue;
      const key = routeKey(route);
      settings[key] = { ThrottlingRateLimit: route.throttle.rateLimit, ThrottlingBurstLimit: route.throttle.burstLimit };
      cfnStage.node.addDependency(this.routes.get(key)!);
    }
    if (Object.keys(settings).length > 0) cfnStage.routeSettings = settings;
  }
}
