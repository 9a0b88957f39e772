import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { stageConfigFromContext } from '@infra/stacks/config';
import { DEAL_IMAGES_PATH, TRENDING_EMBED_PATH, WebStack } from '@infra/stacks/web-stack';
import { webConfigSchema } from '@shared/config/web-config';
import {
  brokerLicenceKey,
  brokerPhotoKey,
  PENDING_DEAL_IMAGE_PREFIX,
  PENDING_LICENCE_PREFIX,
  pendingBrokerLicenceKey,
  pendingDealImageKey,
} from '@shared/uploads/keys';
import { buildApp, cleanupCdkTemp, logicalIdOf, TEST_CREDIT_APP_FORM_URL, templateOf } from './support';

afterAll(cleanupCdkTemp);

const { app, stacks } = buildApp({ context: { stage: 'dev', appOrigin: 'https://app.example.com' } });
const storage = templateOf(stacks.storage);
const web = templateOf(stacks.web);

const UPLOAD_BUCKETS = ['deal-images', 'broker-photos', 'broker-licences'];
/** Bucket names are joined with the account and region at deploy time; match on the literal prefix. */
const bucketNamed = (suffix: string) => ({ 'Fn::Join': ['', Match.arrayWith([`leasedesk-dev-${suffix}-`])] });

describe('upload buckets', () => {
  it.each(UPLOAD_BUCKETS)('%s blocks public access, encrypts, versions and logs access', (suffix) => {
    storage.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketNamed(suffix),
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: {
        DestinationBucketName: { Ref: logicalIdOf(storage, 'AWS::S3::Bucket', { BucketName: bucketNamed('access-logs') }) },
      },
    });
  });

  it.each(UPLOAD_BUCKETS)('%s accepts browser uploads (PUT and POST) from the app origin only', (suffix) => {
    storage.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketNamed(suffix),
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({ AllowedOrigins: ['https://app.example.com'], AllowedMethods: Match.arrayWith(['PUT', 'POST']) }),
        ],
      },
    });
  });

  it.each(UPLOAD_BUCKETS)('%s refuses requests without TLS', (suffix) => {
    storage.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalIdOf(storage, 'AWS::S3::Bucket', { BucketName: bucketNamed(suffix) }) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets CloudFront, and no one else, read deal images', () => {
    storage.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalIdOf(storage, 'AWS::S3::Bucket', { BucketName: bucketNamed('deal-images') }) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
    const licencePolicy = JSON.stringify(
      storage.findResources('AWS::S3::BucketPolicy', {
        Properties: { Bucket: { Ref: logicalIdOf(storage, 'AWS::S3::Bucket', { BucketName: bucketNamed('broker-licences') }) } },
      }),
    );
    expect(licencePolicy).not.toContain('cloudfront.amazonaws.com');
  });

  it('retains the buckets in production', () => {
    const prod = templateOf(buildApp({ context: { stage: 'prod' } }).stacks.storage);
    for (const bucket of Object.values(prod.findResources('AWS::S3::Bucket'))) expect(bucket.DeletionPolicy).toBe('Retain');
  });
});

describe('browser uploads never attached to a record', () => {
  const rulesOf = (suffix: string) => {
    const [bucket] = Object.values(storage.findResources('AWS::S3::Bucket', { Properties: { BucketName: bucketNamed(suffix) } }));
    return bucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
  };

  it.each([
    ['broker-licences', 'a sign-up licence', pendingBrokerLicenceKey('01JUSER', 'pdf'), PENDING_LICENCE_PREFIX],
    ['deal-images', 'a vehicle image', pendingDealImageKey('01JIMAGE', 'jpg'), PENDING_DEAL_IMAGE_PREFIX],
  ])('%s: %s waits at %s until claimed and expires there after a day, every version of it', (suffix, _, key, prefix) => {
    expect(key.startsWith(prefix)).toBe(true);
    expect(rulesOf(suffix)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Prefix: prefix,
          Status: 'Enabled',
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        }),
      ]),
    );
  });

  it("broker-photos: a photo goes to its broker's one key, so an unconfirmed upload is overwritten by the next and then expires as an old version", () => {
    // One key per broker and file type (docs/operations.md, "Uploads"): nothing accumulates that a rule could tell apart.
    expect(brokerPhotoKey('01JUSER', 'JPG')).toBe('01JUSER/profile.jpg');
    expect(brokerLicenceKey('01JUSER', 'pdf')).toBe('01JUSER/license.pdf');
    expect(rulesOf('broker-photos')).toEqual([
      expect.objectContaining({
        Status: 'Enabled',
        NoncurrentVersionExpiration: { NoncurrentDays: 30 },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      }),
    ]);
  });
});

describe('CloudFront', () => {
  const distribution = () => Object.values(web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
  const behaviour = (pathPattern: string) =>
    distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pathPattern);
  const policyId = (name: string) => ({
    Ref: logicalIdOf(web, 'AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({ Name: name }),
    }),
  });

  it('reads the site bucket (same stack) and the deal images bucket through origin access control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    // The S3 origins: the site, the site's written trending embed page (trending-embed-page.test.ts) and the deal
    // images; the API's edge path (public-quote-pages.test.ts) is the one custom origin.
    const origins = (distribution().Origins as Record<string, unknown>[]).filter((origin) => !origin.CustomOriginConfig);

    expect(origins).toHaveLength(3);
    for (const origin of origins) {
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    expect(JSON.stringify(origins)).toContain('leasedesk-dev-deal-images-');
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: Match.arrayWith(['s3:GetObject']) }),
        ]),
      },
    });
  });

  it("has no distribution-wide error page: an origin's 403 or 404 (the API's, a missing file's) reaches the viewer as it is", () => {
    const errorPages = (distribution().CustomErrorResponses ?? []) as { ErrorCode: number; ResponseCode?: number }[];

    expect(errorPages.filter((page) => [403, 404].includes(page.ErrorCode))).toEqual([]);
    expect(errorPages.filter((page) => page.ResponseCode === 200)).toEqual([]);
    expect(distribution().DefaultRootObject).toBe('index.html');
  });

  describe('the SPA fallback, a viewer-request function of the default behaviour', () => {
    const associations = () => distribution().DefaultCacheBehavior.FunctionAssociations as Record<string, unknown>[];
    const fallback = () => {
      const [association] = associations();
      const id = (association!.FunctionARN as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
      const code = web.toJSON().Resources[id].Properties.FunctionCode as string;
      return new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    };

    it('is the one function of the default behaviour, run on viewer requests', () => {
      expect(associations()).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
      ]);
    });

    it.each(['/', '/deals/123', '/deals/01JNOSUCHDEAL/edit', '/consumer-portal', '/admin/brokers/'])(
      'serves the app route %s from /index.html',
      (uri) => {
        expect(fallback()({ request: { uri } }).uri).toBe('/index.html');
      },
    );

    it.each([
      '/assets/index-abc123.js',
      '/assets/missing.js',
      '/assets/no-extension',
      '/config.json',
      '/favicon.svg',
      '/public-api/marketplace/no-such-route',
      '/public-api',
    ])('leaves %s as it is (a file, an asset or an API path: no object there is a 404, never the app)', (uri) => {
      expect(fallback()({ request: { uri } }).uri).toBe(uri);
    });
  });

  it('lets CloudFront list the site bucket, so that S3 answers a missing file 404 rather than 403', () => {
    const siteBucket = { Ref: logicalIdOf(web, 'AWS::S3::Bucket', { BucketName: bucketNamed('web') }) };
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: siteBucket,
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: Match.arrayWith(['s3:ListBucket']),
          }),
        ]),
      },
    });
  });

  it('sends HSTS, nosniff, a referrer policy and DENY framing with the app', () => {
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        Name: 'leasedesk-dev-app',
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          // The whole policy is asserted in security.test.ts.
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      },
    });
    expect(distribution().DefaultCacheBehavior).toMatchObject({
      ResponseHeadersPolicyId: policyId('leasedesk-dev-app'),
      ViewerProtocolPolicy: 'redirect-to-https',
    });
  });

  it('lets any site frame the trending embed, with the other security headers kept', () => {
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        Name: 'leasedesk-dev-embed',
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
          FrameOptions: Match.absent(),
        },
      },
    });
    expect(behaviour(TRENDING_EMBED_PATH)).toMatchObject({
      ResponseHeadersPolicyId: policyId('leasedesk-dev-embed'),
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
  });

  it('serves deal images under /deal-images/* from the deal images bucket', () => {
    const dealImagesOrigin = distribution().Origins.find((o: { DomainName: unknown }) =>
      JSON.stringify(o.DomainName).includes('leasedesk-dev-deal-images-'),
    );
    expect(behaviour(DEAL_IMAGES_PATH)).toMatchObject({
      TargetOriginId: dealImagesOrigin.Id,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
  });

  it('strips the /deal-images prefix so bucket keys need none', () => {
    const code = Object.values(web.findResources('AWS::CloudFront::Function'))
      .map((fn) => fn.Properties.FunctionCode as string)
      .find((source) => source.includes('deal-images'))!;
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };

    expect(handler({ request: { uri: '/deal-images/vehicles/01J/front.jpg' } }).uri).toBe('/vehicles/01J/front.jpg');
  });
});

describe('site deployment', () => {
  const deployments = Object.values(web.findResources('Custom::CDKBucketDeployment'));
  const siteDeployment = deployments.find((d) => d.Properties.DistributionPaths)!;

  it('invalidates the distribution after deploying the entry files', () => {
    expect(siteDeployment.Properties).toMatchObject({
      DistributionId: { Ref: logicalIdOf(web, 'AWS::CloudFront::Distribution') },
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
  });

  it('writes a config.json for this stage that the web config schema accepts', () => {
    // Arrange: the jsonData source is a directory asset in the cloud assembly; tokens in it are deploy-time markers.
    const assemblyDir = app.synth().directory;
    const keys = siteDeployment.Properties.SourceObjectKeys as string[];
    const configDir = keys
      .map((key) => path.join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`))
      .find((dir) => fs.existsSync(path.join(dir, 'config.json')))!;
    const markers = siteDeployment.Properties.SourceMarkers[
      keys.findIndex((k) => configDir.includes(k.replace(/\.zip$/, '')))
    ] as Record<string, unknown>;
    const sample = (reference: unknown) => {
      const json = JSON.stringify(reference);
      if (json.includes('HttpApi')) return 'https://abc123.execute-api.eu-west-1.amazonaws.com';
      if (json.includes('UserPoolWebClient')) return '4example0client0id';
      if (json.includes('UserPool')) return 'eu-west-1_Example';
      return 'eu-west-1';
    };

    // Act
    let text = fs.readFileSync(path.join(configDir, 'config.json'), 'utf8');
    for (const [marker, reference] of Object.entries(markers)) text = text.replaceAll(marker, sample(reference));
    const config = webConfigSchema.parse(JSON.parse(text));

    // Assert
    expect(config).toEqual({
      stage: 'dev',
      region: 'eu-west-1',
      apiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
      userPoolId: 'eu-west-1_Example',
      userPoolClientId: '4example0client0id',
      companyEmailDomain: 'leasedesk.com',
    });
  });
});

describe('source maps', () => {
  let temp: string | undefined;
  afterAll(() => {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  });

  it('are never uploaded to the public site bucket, even when the build folder holds some', () => {
    // Arrange: a build with maps beside its files (as `vite build` alone leaves them, before build:web sets them aside).
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'leasedesk-web-maps-'));
    const files = {
      'index.html': '<!doctype html>',
      'index.html.map': '{}',
      'assets/index-abc.js': 'export {}',
      'assets/index-abc.js.map': '{"version":3}',
      'assets/nested/chunk-def.js.map': '{"version":3}',
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(temp, file)), { recursive: true });
      fs.writeFileSync(path.join(temp, file), text);
    }
    const mapsApp = new App({ context: { creditAppFormUrl: TEST_CREDIT_APP_FORM_URL } });
    const mapsWeb = new WebStack(mapsApp, 'MapsWeb', {
      config: stageConfigFromContext(mapsApp.node),
      apiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
      userPoolId: 'eu-west-1_Example',
      userPoolClientId: 'client',
      webDir: temp,
    });

    // Act
    const assembly = mapsApp.synth();

    // Assert: the sync of each deployment skips maps, and none is even packaged with the deployment's sources.
    const deployments = Object.values(templateOf(mapsWeb).findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    for (const deployment of deployments) expect(deployment.Properties.Exclude).toEqual(expect.arrayContaining(['*.map']));
    const staged = fs
      .readdirSync(assembly.directory)
      .filter((entry) => entry.startsWith('asset.') && fs.statSync(path.join(assembly.directory, entry)).isDirectory())
      .flatMap((asset) => fs.readdirSync(path.join(assembly.directory, asset), { recursive: true }).map(String));
    expect(staged).toEqual(expect.arrayContaining(['index.html', path.join('assets', 'index-abc.js')]));
    expect(staged.filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});
