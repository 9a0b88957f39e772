/**
 * The web stack's CloudFront distribution as the local production edge needs it, read from the template CDK
 * synthesizes for the production stage (in-process, without bundling the functions: a few seconds): the cache
 * behaviours in CloudFront's order, each with its origin (for a bucket: whether the bucket policy lets CloudFront
 * list it, which decides whether S3 answers a missing key 404 or 403), allowed methods, viewer-request function
 * source (the SPA fallback is one) and response headers policy; the default root object; the custom error
 * responses, if any; and the stage's browser-facing origins as they appear in the template, for the local edge to
 * map to its stand-ins.
 *
 * Whatever the edge does not emulate (another kind of origin, an origin request policy, a cache policy that
 * forwards viewer data, Lambda@Edge, a response-phase function) is an error here, not a silent difference.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
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

/**
 * `listable`: the bucket's policy lets CloudFront list it, so S3 answers a missing key 404; without it S3 answers
 * 403 (it does not tell a reader without s3:ListBucket whether the key exists).
 */
export type EdgeOrigin =
  | { kind: 'site'; listable: boolean; /** The origin path, prefixed to the request's (empty for none). */ path: string }
  | { kind: 'bucket'; bucket: BrowserBucket; listable: boolean }
  | { kind: 'api' }
  /** An origin group: the primary origin's answer, or the fallback's when the primary answers one of `statusCodes`. */
  | { kind: 'group'; primary: EdgeOrigin; fallback: EdgeOrigin; statusCodes: number[] };

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
    const { web, storage, config } = stacks;
    const assembly = app.synth();
    const template = assembly.getStackArtifact(web.artifactId).template as { Resources: Record<string, Json> };
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
      if (origin.S3OriginConfig && domain === siteDomain)
        return {
          kind: 'site',
          listable: cloudFrontMayList(assembly, web, web.siteBucket),
          path: (origin.OriginPath as string | undefined) ?? '',
        };
      if (origin.OriginPath)
        throw new Error(`The local edge emulates an origin path on the site bucket only (${String(origin.Id)})`);
      const bucket = bucketNames.find(({ name }) => domain.startsWith(`${name}.s3.`));
      if (origin.S3OriginConfig && bucket)
        return {
          kind: 'bucket',
          bucket: bucket.bucket,
          listable: cloudFrontMayList(assembly, storage, storage.buckets[bucket.bucket]),
        };
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
  for (const group of ((config.OriginGroups as { Items?: Json[] } | undefined)?.Items ?? []) as Json[]) {
    const [primary, fallback] = (group.Members as { Items: { OriginId: string }[] }).Items.map(({ OriginId }) => {
      const member = origins.get(OriginId);
      if (!member) throw new Error(`Origin group ${String(group.Id)} names an unknown origin ${OriginId}`);
      return member;
    });
    const statusCodes = (group.FailoverCriteria as { StatusCodes: { Items: number[] } }).StatusCodes.Items.map(Number);
    origins.set(group.Id as string, { kind: 'group', primary: primary!, fallback: fallback!, statusCodes });
  }
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

/** Whether a bucket policy of the bucket's stack allows CloudFront s3:ListBucket on it. */
function cloudFrontMayList(assembly: CloudAssembly, stack: Stack, bucket: IBucket): boolean {
  const { Resources } = assembly.getStackArtifact(stack.artifactId).template as { Resources: Record<string, Json> };
  const bucketRef = flattenCfn(stack.resolve(bucket.bucketName));
  return Object.values(Resources)
    .filter((resource) => resource.Type === 'AWS::S3::BucketPolicy')
    .map((resource) => resource.Properties as Json)
    .filter((policy) => flattenCfn(policy.Bucket) === bucketRef)
    .flatMap((policy) => (policy.PolicyDocument as { Statement: Json[] }).Statement)
    .some(
      (statement) =>
        statement.Effect === 'Allow' &&
        (statement.Principal as Json | undefined)?.Service === 'cloudfront.amazonaws.com' &&
        [statement.Action].flat().includes('s3:ListBucket'),
    );
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
