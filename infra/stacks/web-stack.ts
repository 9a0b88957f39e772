/**
 * The SPA on CloudFront: a private site bucket and the distribution in this one stack (origin access control across
 * stacks makes a dependency cycle), deal images served from their bucket under /deal-images/*, the SPA fallback
 * (app routes, and only they, are answered with index.html: docs/decisions.md, "The edge tells the truth"), and the deployment of the
 * web build with a runtime config.json for this stage.
 *
 * Browser hardening: every response carries a Content-Security-Policy built from what the app really loads (scripts
 * and styles from the site only; the page may talk to the site, the API, Cognito and the upload buckets and nothing
 * else; images from the site, which also serves the deal images, and the broker photos' signed URLs; frames from the
 * academy's video players and the configured e-signature provider), a Permissions-Policy that turns off device APIs the product never uses, HSTS,
 * nosniff and a referrer policy. Nothing may frame the app. The one exception is the public trending embed: under
 * /trending-deals-embed* CloudFront serves only the embed's own page (trending-deals-embed.html, a separate
 * Vite entry without the staff app), and only that page may be framed, by any site; the page the rank-trending job
 * writes with the vehicles is served first, the built one until there is one (./trending-embed-origin.ts). The public quote pages
 * (/get-quote*, /quote-thank-you*) are served the same way from their own entry (get-quote.html), with the app's
 * headers: shoppers load neither the staff app nor Amplify, and nobody may frame them; so is a client's proposal
 * link (/proposal/*, proposal.html).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Aws, CfnOutput, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct, IConstruct } from 'constructs';
import { EDGE_API_PREFIX, EDGE_CACHED_PATHS } from '@shared/api/edge';
import { ACADEMY_VIDEO_EMBED_ORIGINS } from '@shared/academy/enums';
import type { WebConfig } from '@shared/config/web-config';
import { EMBED_RENDERED_PREFIX } from '@shared/marketplace/trending-embed';
import { acknowledge, acknowledgeWildcardAction, acknowledgeWildcardResource } from '../constructs/nag';
import { webAssetsDir } from '../constructs/paths';
import { PrivateBucket } from '../constructs/private-bucket';
import type { StageConfig } from './config';
import { trendingEmbedOrigin } from './trending-embed-origin';
import { bucketName, bucketRegionalOrigin, siteBucketName, type BucketKey } from './names';

export interface WebStackProps extends StackProps {
  config: StageConfig;
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The web build to deploy; by default web/dist, or the placeholder page without a build (webAssetsDir). */
  webDir?: string;
}

export const DEAL_IMAGES_PATH = '/deal-images/*';
export const TRENDING_EMBED_PATH = '/trending-deals-embed*';
/** The embed's own HTML entry in the site bucket (web/trending-deals-embed.html, built by Vite beside index.html). */
export const TRENDING_EMBED_OBJECT = '/trending-deals-embed.html';
/** The public quote wizard and its thank-you page (web/get-quote.html, built by Vite beside index.html). */
export const QUOTE_PATHS = ['/get-quote*', '/quote-thank-you*'] as const;
export const QUOTE_OBJECT = '/get-quote.html';
/**
 * A client's proposal link, /proposal/{token} (web/proposal.html, its own light entry: docs/decisions.md, "Public
 * pages"). Only paths under /proposal/: the bare /proposal is no page of its own.
 */
export const PROPOSAL_PATH = '/proposal/*';
export const PROPOSAL_OBJECT = '/proposal.html';

/** The buckets the browser uploads to with presigned POSTs (sign-up licence, profile photo, vehicle image). */
const BROWSER_UPLOAD_BUCKETS = ['brokerLicences', 'brokerPhotos', 'dealImages'] as const satisfies readonly BucketKey[];
export type BrowserBucket = (typeof BROWSER_UPLOAD_BUCKETS)[number];

/**
 * Every origin other than the site's own that the app's pages reach, as this stage deploys them (deploy-time tokens
 * inside): the CSP is built from these, and the local production edge (infra/local/edge) maps each one to its local
 * stand-in by name.
 */
export interface BrowserOrigins {
  /** The HTTP API (scheme://host, no path). */
  api: string;
  /** Cognito's regional user-pool endpoint, Amplify's only Auth host. */
  cognito: string;
  /** Each bucket's regional host: presigned POSTs go there, and so do the signed GETs of broker photos. */
  buckets: Record<BrowserBucket, string>;
  /** The e-signature provider's origins: those of the configured credit-application form URLs, each once. */
  eSignature: string[];
}

/** The distinct origins of the configured credit-application form URLs (config.ts holds them to https). */
export function eSignatureOrigins(urls: StageConfig['creditAppFormUrls']): string[] {
  const defined = Object.values(urls).filter((url): url is string => Boolean(url));
  return [...new Set(defined.map((url) => new URL(url).origin))];
}

export type CspDirectives = Record<string, readonly string[]>;

/** "default-src 'self'; img-src 'self' data:; ..." from directives in the order given. */
export function contentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Browser features the product never uses, off for every page and every frame. (Clipboard writes, used by
 * "Link Copied", stay allowed: they need a user gesture anyway.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

const HSTS: cloudfront.ResponseSecurityHeadersBehavior['strictTransportSecurity'] = {
  accessControlMaxAge: Duration.days(730),
  includeSubdomains: true,
  override: true,
};
const COMMON_SECURITY_HEADERS = {
  strictTransportSecurity: HSTS,
  contentTypeOptions: { override: true },
  referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
} satisfies cloudfront.ResponseSecurityHeadersBehavior;

/** `/deal-images/<key>` on the distribution is `<key>` in the deal-images bucket. */
const STRIP_DEAL_IMAGES_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/deal-images(?=\\/)/, '');
  return request;
}`;

/**
 * Every path under the embed prefix is the embed's own page, never the staff app's index.html: the frameable path
 * serves nothing that could be clickjacked.
 */
const SERVE_EMBED_ENTRY = `function handler(event) {
  var request = event.request;
  request.uri = '${TRENDING_EMBED_OBJECT}';
  return request;
}`;

/** Every path under the proposal prefix is the proposal page, never the staff app's index.html. */
const SERVE_PROPOSAL_ENTRY = `function handler(event) {
  var request = event.request;
  request.uri = '${PROPOSAL_OBJECT}';
  return request;
}`;

/** Every path under the quote pages' prefixes is their own page, never the staff app's index.html. */
const SERVE_QUOTE_ENTRY = `function handler(event) {
  var request = event.request;
  request.uri = '${QUOTE_OBJECT}';
  return request;
}`;

/** Where Vite writes the build's hashed files (its default assetsDir): a missing one is a 404, never the app. */
export const SITE_ASSETS_PREFIX = '/assets';

/**
 * The SPA fallback, on the default behaviour: an app route (a path without a file extension, outside the assets and
 * the API's edge prefix) is answered with index.html, which renders it. Everything else goes to the bucket as it is,
 * so a missing file or an unknown API path is the bucket's 404, and an origin's own 403/404 reaches the caller
 * unchanged: the distribution has no error responses that would turn them into a page with 200.
 */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (/^\\${SITE_ASSETS_PREFIX}(\\/|$)/.test(uri) || /^\\${EDGE_API_PREFIX}(\\/|$)/.test(uri)) return request;
  if (/\\.[^\\/]*$/.test(uri)) return request;
  request.uri = '/index.html';
  return request;
}`;

/** Source maps, wherever they are in the build (docs/operations.md, "Web source maps"). */
const SOURCE_MAPS = ['*.map'];

/** The edge paths of public API routes (shared/api/edge.ts) reach the API without their prefix. */
const STRIP_EDGE_API_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\${EDGE_API_PREFIX}(?=\\/)/, '');
  return request;
}`;

/** The longest an edge path's answer is kept; the API's own `s-maxage` decides within it (none: not cached). */
export const EDGE_API_MAX_TTL = Duration.minutes(10);

/**
 * The app's and the embed's Content-Security-Policy, from what their pages load. Scripts only from the site (the
 * Vite build has no inline script). Styles from the site plus inline <style> elements: Radix UI's scroll lock
 * (Select, Dialog) injects one, and styles cannot run code; scripts stay strict. Images from the site, which serves
 * the deal images under /deal-images/, plus data: (Vite inlines small images), blob: (a chosen file's preview) and
 * the photos bucket's host: a broker's photo is a signed GET there (functions/brokers/views.ts; the bucket stays
 * private, docs/decisions.md); a deal image URL on another host is not loaded and the placeholder shows.
 * connect-src lists every host the SPA calls: the site (config.json), the API, Cognito and the upload buckets'
 * presigned-POST hosts. Frames: the academy's video players and the e-signature provider's form, which the
 * credit-application pages embed (creditAppFormUrl*). The embed is public: it needs the site and the API only, and
 * may be framed anywhere.
 */
export function contentSecurityPolicies(origins: BrowserOrigins): { app: CspDirectives; embed: CspDirectives } {
  const common: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
  };
  return {
    app: {
      ...common,
      'img-src': [...common['img-src']!, origins.buckets.brokerPhotos],
      'connect-src': ["'self'", origins.api, origins.cognito, ...Object.values(origins.buckets)],
      'frame-src': [...ACADEMY_VIDEO_EMBED_ORIGINS, ...origins.eSignature],
      'frame-ancestors': ["'none'"],
    },
    embed: { ...common, 'connect-src': ["'self'", origins.api], 'frame-ancestors': ['*'] },
  };
}

export class WebStack extends Stack {
  readonly siteBucket: PrivateBucket;
  readonly distribution: cloudfront.Distribution;
  readonly appPolicy: cloudfront.ResponseHeadersPolicy;
  readonly embedPolicy: cloudfront.ResponseHeadersPolicy;
  readonly browserOrigins: BrowserOrigins;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const accessLogsBucket = s3.Bucket.fromBucketName(this, 'AccessLogs', bucketName(config.stage, 'accessLogs'));

    this.siteBucket = new PrivateBucket(this, 'Site', {
      bucketName: siteBucketName(config.stage),
      removalPolicy: config.removalPolicy,
      accessLogs: { bucket: accessLogsBucket, prefix: 'web/' },
    });
    Validations.of(this.siteBucket).acknowledge({
      id: '@aws-cdk/aws-s3:accessLogsPolicyNotAdded',
      reason: 'The access-log bucket (storage stack) allows S3 log delivery from every bucket of the account.',
    });

    // CloudFront standard logs are written with ACLs, so this bucket (alone) keeps ACLs enabled for the writer.
    const cdnLogs = new s3.Bucket(this, 'CdnLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(config.isProduction ? 365 : 90) }],
      removalPolicy: config.removalPolicy,
    });
    acknowledge(
      cdnLogs,
      'AwsSolutions-S1',
      'This bucket only receives CloudFront standard logs; server access logs of log writes would add noise, not audit value.',
    );

    this.browserOrigins = {
      api: props.apiUrl, // scheme://host, no path (ApiStack.apiUrl)
      cognito: `https://cognito-idp.${Aws.REGION}.amazonaws.com`,
      buckets: Object.fromEntries(
        BROWSER_UPLOAD_BUCKETS.map((key) => [key, bucketRegionalOrigin(bucketName(config.stage, key), Aws.REGION)]),
      ) as Record<BrowserBucket, string>,
      eSignature: eSignatureOrigins(config.creditAppFormUrls),
    };
    const csp = contentSecurityPolicies(this.browserOrigins);
    const permissionsPolicy: cloudfront.ResponseCustomHeadersBehavior = {
      customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
    };
    this.appPolicy = new cloudfront.ResponseHeadersPolicy(this, 'AppHeaders', {
      responseHeadersPolicyName: `leasedesk-${config.stage}-app`,
      comment: 'CSP, Permissions-Policy, HSTS, nosniff, referrer policy; the app may not be framed.',
      securityHeadersBehavior: {
        ...COMMON_SECURITY_HEADERS,
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(csp.app), override: true },
      },
      customHeadersBehavior: permissionsPolicy,
    });
    this.embedPolicy = new cloudfront.ResponseHeadersPolicy(this, 'EmbedHeaders', {
      responseHeadersPolicyName: `leasedesk-${config.stage}-embed`,
      comment: 'CSP, Permissions-Policy, HSTS, nosniff, referrer policy; the trending embed may be framed by dealer sites.',
      securityHeadersBehavior: {
        ...COMMON_SECURITY_HEADERS,
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(csp.embed), override: true },
      },
      customHeadersBehavior: permissionsPolicy,
    });

    // CloudFront may list the site bucket so that S3 answers a missing file 404 (without s3:ListBucket it is 403). No
    // viewer request reaches the bucket's root, where a listing would be: the default root object and the SPA
    // fallback send "/" to index.html, and no query string is forwarded.
    const siteAccess = {
      originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
      originAccessControl: new cloudfront.S3OriginAccessControl(this, 'SiteOriginAccess', {
        signing: cloudfront.Signing.SIGV4_ALWAYS,
      }),
    };
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket, siteAccess);
    const dealImagesOrigin = origins.S3BucketOrigin.withOriginAccessControl(
      s3.Bucket.fromBucketAttributes(this, 'DealImages', {
        bucketName: bucketName(config.stage, 'dealImages'),
        region: Aws.REGION,
      }),
    );
    const viewerRequest = (id: string, code: string): cloudfront.FunctionAssociation[] => [
      {
        eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
        function: new cloudfront.Function(this, id, {
          code: cloudfront.FunctionCode.fromInline(code),
          runtime: cloudfront.FunctionRuntime.JS_2_0,
        }),
      },
    ];

    // Public API routes on the site's own origin, cached as the API's Cache-Control says (shared/api/edge.ts).
    const apiOrigin = new origins.HttpOrigin(Fn.select(2, Fn.split('/', props.apiUrl)), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    });
    const edgeApiCache = new cloudfront.CachePolicy(this, 'EdgeApiCache', {
      cachePolicyName: `leasedesk-${config.stage}-edge-api`,
      comment: "Public API answers at the edge for as long as their s-maxage says; nothing of the viewer's request in the key.",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: EDGE_API_MAX_TTL,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const stripEdgeApiPrefix = viewerRequest('StripEdgeApiPrefix', STRIP_EDGE_API_PREFIX);
    const edgeApiBehaviours = Object.fromEntries(
      EDGE_CACHED_PATHS.map((path) => [
        `${EDGE_API_PREFIX}${path}`,
        {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: edgeApiCache,
          responseHeadersPolicy: this.appPolicy,
          functionAssociations: stripEdgeApiPrefix,
        } satisfies cloudfront.BehaviorOptions,
      ]),
    );

    const serveQuoteEntry = viewerRequest('ServeQuoteEntry', SERVE_QUOTE_ENTRY);
    const quoteBehaviour: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.appPolicy,
      functionAssociations: serveQuoteEntry,
    };

    const proposalBehaviour: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.appPolicy,
      functionAssociations: viewerRequest('ServeProposalEntry', SERVE_PROPOSAL_ENTRY),
    };

    const certificate = config.customDomain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.customDomain.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `LeaseDesk ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: config.customDomain ? [config.customDomain.domainName] : undefined,
      certificate,
      enableLogging: true,
      logBucket: cdnLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.appPolicy,
        compress: true,
        functionAssociations: viewerRequest('SpaFallback', SPA_FALLBACK),
      },
      additionalBehaviors: {
        [DEAL_IMAGES_PATH]: {
          origin: dealImagesOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.appPolicy,
          functionAssociations: viewerRequest('StripDealImagesPrefix', STRIP_DEAL_IMAGES_PREFIX),
        },
        [TRENDING_EMBED_PATH]: {
          origin: trendingEmbedOrigin(this.siteBucket, siteAccess, siteOrigin),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.embedPolicy,
          functionAssociations: viewerRequest('ServeEmbedEntry', SERVE_EMBED_ENTRY),
        },
        ...Object.fromEntries(QUOTE_PATHS.map((pathPattern) => [pathPattern, quoteBehaviour])),
        [PROPOSAL_PATH]: proposalBehaviour,
        ...edgeApiBehaviours,
      },
    });

    this.deploySite(props);
    this.acknowledgeFindings(config);

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'AppUrl', {
      value: config.customDomain
        ? `https://${config.customDomain.domainName}`
        : `https://${this.distribution.distributionDomainName}`,
    });
  }

  /**
   * Source maps never reach the public bucket (they would hand anyone the app's original source): build:web moves
   * them out of the build (docs/operations.md, "Web source maps"), and the deployments skip any left in it, both when
   * packaging the sources and in the sync (a pattern matches across folders there: `*.map` is every map).
   *
   * Hashed build assets are uploaded first with a year of immutable caching and never pruned (clients still running
   * the previous index.html keep working); then everything else plus config.json, revalidated on every load.
   */
  private deploySite(props: WebStackProps): void {
    const dir = props.webDir ?? webAssetsDir();
    const webConfig = {
      stage: props.config.stage,
      region: Aws.REGION,
      apiUrl: props.apiUrl,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      companyEmailDomain: props.config.companyEmailDomain,
    } satisfies WebConfig;

    const hashedAssets = fs.existsSync(path.join(dir, 'assets'))
      ? new s3deploy.BucketDeployment(this, 'DeployHashedAssets', {
          sources: [s3deploy.Source.asset(dir, { exclude: ['*', '!assets', '!assets/**', ...SOURCE_MAPS] })],
          destinationBucket: this.siteBucket,
          exclude: SOURCE_MAPS,
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          memoryLimit: 512,
        })
      : undefined;

    const entry = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [
        s3deploy.Source.asset(dir, { exclude: ['assets', 'assets/**', 'config.json', ...SOURCE_MAPS] }),
        s3deploy.Source.jsonData('config.json', webConfig),
      ],
      destinationBucket: this.siteBucket,
      // The job's embed page is no file of the build: never pruned, never overwritten (EMBED_RENDERED_PREFIX).
      exclude: ['assets/*', `${EMBED_RENDERED_PREFIX}/*`, ...SOURCE_MAPS],
      prune: true,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (hashedAssets) entry.node.addDependency(hashedAssets);
  }

  private acknowledgeFindings(config: StageConfig): void {
    const distribution = this.distribution;
    acknowledge(
      distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: the public pages (quote wizard, trending embed) are for shoppers wherever they browse from.',
    );
    acknowledge(
      distribution,
      'AwsSolutions-CFR2',
      'No WAF web ACL yet (a us-east-1, per-stage cost decision): the distribution serves only static files; the API behind it is a separate origin with its own throttling.',
    );
    if (!config.customDomain) {
      acknowledge(
        distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; with -c certificateArn the stage enforces TLSv1.2_2021.',
      );
    }
    // BucketDeployment runs one shared, CDK-provided Lambda per stack; its permissions are CDK's, scoped to the
    // site bucket, the CDK asset bucket and this distribution's invalidations.
    const provider = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (provider) this.acknowledgeBucketDeploymentProvider(provider);

    Validations.of(distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason:
        'CloudFront lists the site bucket only so that a missing file is a 404; the default root object and the SPA fallback send "/" to index.html, so no viewer request reaches the listing.',
    });
    Validations.of(distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      reason: 'The deal-images bucket (storage stack) already grants s3:GetObject to CloudFront distributions of this account.',
    });
  }

  /** The CDK-provided Lambda behind BucketDeployment: its runtime and policy are CDK's, scoped by CDK. */
  private acknowledgeBucketDeploymentProvider(provider: IConstruct): void {
    const cdkCode = 'CDK-provided BucketDeployment Lambda (not our code)';
    acknowledge(provider, 'AwsSolutions-L1', `${cdkCode}: CDK pins its Python runtime.`);
    acknowledge(
      provider,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `${cdkCode}: the basic execution policy only lets it write its own logs.`,
    );
    for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
      acknowledgeWildcardAction(
        provider,
        action,
        `${cdkCode}: CDK's read grant on the asset bucket and read-write grant on the site bucket, nothing wider.`,
      );
    }
    acknowledgeWildcardResource(provider, this.siteBucket.arnForObjects('*'), `${cdkCode}: it syncs the whole site bucket.`);
    acknowledge(
      provider,
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      `${cdkCode}: it reads the web build zip from the CDK bootstrap asset bucket.`,
    );
    acknowledge(
      provider,
      'AwsSolutions-IAM5[Resource::*]',
      `${cdkCode}: cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on "*" to invalidate this stack's distribution after a deployment.`,
    );
  }
}
