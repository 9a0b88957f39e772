/**
 * The web stack's CloudFront distribution as the local production edge needs it, read from the template CDK
 * synthesizes for the production stage (in-process, without bundling the functions: a few seconds): the cache
 * behaviours in CloudFront's order, each with its origin, allowed methods, viewer-request function source and
 * response headers policy; the default root object; the custom error responses (the SPA fallback); and the stage's
 * browser-facing origins as they appear in the template, for the local edge to map to its stand-ins.
 *
 * Whatever the edge does not emulate (another kind of origin, an origin request policy, a cache policy that
 * forwards viewer data, Lambda@Edge, a response-phase function) is an error here, not a silent difference.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { REPO_ROOT } from '@infra/constructs/paths';
import { defineLeaseDesk } from '@infra/stacks/leasedesk';
import { bucketName } from '@infra/stacks/names';
import type { BrowserBucket } from '@infra/stacks/web-stack';
import { flattenCfn } from './template-values';

/**
 * The e-signature form URL the template is synthesized with: CDK context `creditAppFormUrl`, as an operator sets it
 * for a stage. Its origin lands in the template's frame-src, and the local edge maps it to the local stand-in.
 */
export const SYNTH_E_SIGNATURE_FORM_URL = 'https://e-signature.example.com/forms/leasedesk?embed=true';
const SYNTH_CONTEXT = { stage: 'prod', creditAppFormUrl: SYNTH_E_SIGNATURE_FORM_URL };

export type EdgeOrigin = { kind: 'site' } | { kind: 'bucket'; bucket: BrowserBucket } | { kind: 'api' };

/** AWS::CloudFront::ResponseHeadersPolicy's ResponseHeadersPolicyConfig, as in the template. */
export type HeadersPolicyConfig = Record<string, unknown>;

export interface EdgeBehaviour {
  /** `*` for the default behaviour. */
  pathPattern: string;
  origin: EdgeOrigin;
  allowedMethods: string[];
  viewerRequest?: { name: string; code: string };
  headersPolicy: HeadersPolicyConfig;
}

export interface EdgeErrorResponse {
  errorCode: number;
  responseCode?: number;
  pagePath?: string;
}

/** The stage's origins as flattened template strings (template-values.ts), named as WebStack.browserOrigins names them. */
export interface DeployedOrigins {
  api: string;
  cognito: string;
  buckets: Record<BrowserBucket, string>;
  eSignature: string[];
}

export interface EdgeDistribution {
  defaultRootObject?: string;
  /** In CloudFront's order: the additional behaviours as listed, the default one last. */
  behaviours: EdgeBehaviour[];
  errorResponses: EdgeErrorResponse[];
  deployed: DeployedOrigins;
}

type Json = Record<string, unknown>;

export function synthesizeDistribution(): EdgeDistribution {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Json };
  const app = new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...SYNTH_CONTEXT },
    builtinCloudFormationValidation: false,
  });
  const stacks = defineLeaseDesk(app);
  try {
    const { web, config } = stacks;
    const template = app.synth().getStackArtifact(web.artifactId).template as { Resources: Record<string, Json> };
    const resolved = (value: unknown) => flattenCfn(web.resolve(value));
    const deployed: DeployedOrigins = {
      api: resolved(web.browserOrigins.api),
      cognito: resolved(web.browserOrigins.cognito),
      buckets: Object.fromEntries(
        Object.entries(web.browserOrigins.buckets).map(([key, origin]) => [key, resolved(origin)]),
      ) as Record<BrowserBucket, string>,
      eSignature: web.browserOrigins.eSignature.map(resolved),
    };
    const bucketNames = Object.keys(deployed.buckets).map((key) => ({
      bucket: key as BrowserBucket,
      name: resolved(bucketName(config.stage, key as BrowserBucket)),
    }));
    const siteDomain = resolved(web.siteBucket.bucketRegionalDomainName);

    const originOf = (origin: Json): EdgeOrigin => {
      const domain = flattenCfn(origin.DomainName);
      if (origin.S3OriginConfig && domain === siteDomain) return { kind: 'site' };
      const bucket = bucketNames.find(({ name }) => domain.startsWith(`${name}.s3.`));
      if (origin.S3OriginConfig && bucket) return { kind: 'bucket', bucket: bucket.bucket };
      if (origin.CustomOriginConfig && domain.includes(deployed.api)) return { kind: 'api' };
      throw new Error(`The local edge has no stand-in for the origin ${String(origin.Id)} (${domain})`);
    };
    return readDistribution(template.Resources, originOf, deployed);
  } finally {
    CloudAssembly.cleanupTemporaryDirectories();
  }
}

function readDistribution(
  resources: Record<string, Json>,
  originOf: (origin: Json) => EdgeOrigin,
  deployed: DeployedOrigins,
): EdgeDistribution {
  const distributions = Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudFront::Distribution');
  if (distributions.length !== 1) throw new Error(`Expected one distribution in the web stack, found ${distributions.length}`);
  const config = (distributions[0]!.Properties as Json).DistributionConfig as Json;
  const origins = new Map((config.Origins as Json[]).map((origin) => [origin.Id as string, originOf(origin)]));
  const resource = (reference: unknown, type: string): Json => {
    if (typeof reference === 'string')
      throw new Error(`${type} ${reference} is a managed one, which the local edge does not emulate`);
    const id =
      (reference as { Ref?: string; 'Fn::GetAtt'?: string[] }).Ref ?? (reference as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    const found = resources[id];
    if (found?.Type !== type) throw new Error(`${JSON.stringify(reference)} is no ${type}`);
    return found.Properties as Json;
  };

  const behaviour = (raw: Json): EdgeBehaviour => {
    const pathPattern = (raw.PathPattern as string | undefined) ?? '*';
    const unsupported = ['OriginRequestPolicyId', 'LambdaFunctionAssociations', 'TrustedKeyGroups', 'TrustedSigners'].filter(
      (key) => raw[key] !== undefined,
    );
    if (unsupported.length > 0)
      throw new Error(`Behaviour ${pathPattern}: the local edge does not emulate ${unsupported.join(', ')}`);
    assertForwardsNothing(pathPattern, raw.CachePolicyId, (reference) => resource(reference, 'AWS::CloudFront::CachePolicy'));
    const functions = (raw.FunctionAssociations as Json[] | undefined) ?? [];
    if (functions.some((association) => association.EventType !== 'viewer-request'))
      throw new Error(`Behaviour ${pathPattern}: only viewer-request functions are emulated`);
    const viewerRequest = functions[0] && {
      name: (functions[0].FunctionARN as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!,
      code: resource(functions[0].FunctionARN, 'AWS::CloudFront::Function').FunctionCode as string,
    };
    const origin = origins.get(raw.TargetOriginId as string);
    if (!origin) throw new Error(`Behaviour ${pathPattern} targets an unknown origin ${String(raw.TargetOriginId)}`);
    return {
      pathPattern,
      origin,
      allowedMethods: (raw.AllowedMethods as string[] | undefined) ?? ['GET', 'HEAD'],
      viewerRequest,
      // No policy: CloudFront adds no header.
      headersPolicy:
        raw.ResponseHeadersPolicyId === undefined
          ? {}
          : (resource(raw.ResponseHeadersPolicyId, 'AWS::CloudFront::ResponseHeadersPolicy')
              .ResponseHeadersPolicyConfig as HeadersPolicyConfig),
    };
  };

  return {
    defaultRootObject: config.DefaultRootObject as string | undefined,
    behaviours: [...((config.CacheBehaviors as Json[] | undefined) ?? []), config.DefaultCacheBehavior as Json].map(behaviour),
    errorResponses: ((config.CustomErrorResponses as Json[] | undefined) ?? []).map((error) => ({
      errorCode: Number(error.ErrorCode),
      responseCode: error.ResponseCode === undefined ? undefined : Number(error.ResponseCode),
      pagePath: error.ResponsePagePath as string | undefined,
    })),
    deployed,
  };
}

/**
 * The edge forwards no query string, header or cookie of the viewer to an origin. That is what the managed
 * CachingOptimized policy and a custom policy with every "none" behaviour do; any other policy is refused.
 */
function assertForwardsNothing(pathPattern: string, cachePolicyId: unknown, cachePolicy: (reference: unknown) => Json): void {
  if (cachePolicyId === CachePolicy.CACHING_OPTIMIZED.cachePolicyId) return;
  if (typeof cachePolicyId === 'string')
    throw new Error(`Behaviour ${pathPattern}: managed cache policy ${cachePolicyId} is not emulated`);
  const parameters = (cachePolicy(cachePolicyId).CachePolicyConfig as Json).ParametersInCacheKeyAndForwardedToOrigin as Json;
  const behaviours = [
    (parameters.QueryStringsConfig as Json).QueryStringBehavior,
    (parameters.HeadersConfig as Json).HeaderBehavior,
    (parameters.CookiesConfig as Json).CookieBehavior,
  ];
  if (behaviours.some((value) => value !== 'none'))
    throw new Error(`Behaviour ${pathPattern}: its cache policy forwards viewer data, which the local edge does not emulate`);
}
