/**
 * The security findings (docs/security.md, "Findings") that live in the templates: browser hardening headers and the
 * embed's own entry on CloudFront, the expiring pending/ prefix of the licences bucket and the grants around it, and
 * the CustomMessage trigger that writes the password-reset e-mail.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenCfn } from '@infra/local/edge/template-values';
import { TRENDING_EMBED_OBJECT, TRENDING_EMBED_PATH } from '@infra/stacks/web-stack';
import {
  buildApp,
  cleanupCdkTemp,
  cspOf as cspFrom,
  headersPolicyConfig,
  logicalIdOf,
  templateOf,
  TEST_CREDIT_APP_FORM_URL,
} from './support';

afterAll(cleanupCdkTemp);

const { stacks } = buildApp({ context: { stage: 'dev', appOrigin: 'https://app.example.com' } });
const web = templateOf(stacks.web);
const storage = templateOf(stacks.storage);
const auth = templateOf(stacks.auth);
const api = templateOf(stacks.api);

const headersPolicy = (name: string) => headersPolicyConfig(web, name);
const cspOf = (name: string) => cspFrom(web, name);

const distribution = () => Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

describe('Content-Security-Policy', () => {
  const app = cspOf('leasedesk-dev-app');
  const embed = cspOf('leasedesk-dev-embed');

  it('limits the app to its own scripts, styles, fonts and images, with no plugins and no framing', () => {
    expect(app).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'img-src': [
        "'self'",
        'data:',
        'blob:',
        // The broker photos' signed GETs (csp-origins.test.ts: the host the SDK signs for).
        'https://leasedesk-dev-broker-photos-<AWS::AccountId>-<AWS::Region>.s3.<AWS::Region>.amazonaws.com',
      ],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(app['script-src']).not.toContain("'unsafe-inline'");
    expect(app['script-src']).not.toContain("'unsafe-eval'");
  });

  it('lets the app connect to the site, the API, the regional Cognito user-pool endpoint and the upload buckets only', () => {
    const connect = app['connect-src']!;

    expect(connect.slice(0, 3)).toEqual([
      "'self'",
      expect.stringMatching(/^<Output:.*HttpApi.*ApiEndpoint/),
      'https://cognito-idp.<AWS::Region>.amazonaws.com',
    ]);
    expect(connect.slice(3).sort()).toEqual(
      ['broker-licences', 'broker-photos', 'deal-images'].map(
        (bucket) => `https://leasedesk-dev-${bucket}-<AWS::AccountId>-<AWS::Region>.s3.<AWS::Region>.amazonaws.com`,
      ),
    );
    expect(connect.join(' ')).not.toMatch(/\*|https:(\s|$)/);
  });

  it("lets the app frame the academy's video players and the configured e-signature form, nothing else", () => {
    expect(app['frame-src']).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      new URL(TEST_CREDIT_APP_FORM_URL).origin,
    ]);
    expect(embed['frame-src']).toBeUndefined();
    expect(embed['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('lets only the embed be framed, by any site, and its page talk to the site and the API only', () => {
    expect(embed['frame-ancestors']).toEqual(['*']);
    expect(embed['connect-src']).toEqual(["'self'", expect.stringMatching(/^<Output:.*HttpApi.*ApiEndpoint/)]);
    expect(embed['script-src']).toEqual(["'self'"]);
    expect(headersPolicy('leasedesk-dev-embed').SecurityHeadersConfig.FrameOptions).toBeUndefined();
    expect(headersPolicy('leasedesk-dev-app').SecurityHeadersConfig.FrameOptions).toEqual({
      FrameOption: 'DENY',
      Override: true,
    });
  });

  it('sends a Permissions-Policy that turns off device APIs on the app and the embed', () => {
    for (const name of ['leasedesk-dev-app', 'leasedesk-dev-embed']) {
      const headers = headersPolicy(name).CustomHeadersConfig.Items as { Header: string; Value: string; Override: boolean }[];
      const permissions = headers.find((header) => header.Header === 'Permissions-Policy');
      expect(permissions?.Override).toBe(true);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(permissions?.Value).toContain(feature);
    }
  });

  it('puts the app policy on every behaviour but the embed', () => {
    const appPolicy = {
      Ref: logicalIdOf(web, 'AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({ Name: 'leasedesk-dev-app' }),
      }),
    };
    const behaviours = [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors] as {
      PathPattern?: string;
      ResponseHeadersPolicyId: unknown;
    }[];

    for (const behaviour of behaviours.filter((b) => b.PathPattern !== TRENDING_EMBED_PATH))
      expect(behaviour.ResponseHeadersPolicyId).toEqual(appPolicy);
  });
});

describe('the trending embed path', () => {
  const embedBehaviour = () =>
    (distribution().CacheBehaviors as { PathPattern: string; FunctionAssociations: { FunctionARN: unknown }[] }[]).find(
      (b) => b.PathPattern === TRENDING_EMBED_PATH,
    )!;
  const viewerRequest = () => {
    const functionId = (embedBehaviour().FunctionAssociations[0]!.FunctionARN as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    const code = web.toJSON().Resources[functionId].Properties.FunctionCode as string;
    return new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  };

  it.each([
    '/trending-deals-embed',
    '/trending-deals-embed/',
    '/trending-deals-embed?dealer=1',
    '/trending-deals-embed.html',
    '/trending-deals-embed/../index.html',
  ])('serves only the embed page for %s, never the staff app', (uri) => {
    expect(viewerRequest()({ request: { uri } }).uri).toBe(TRENDING_EMBED_OBJECT);
  });

  it("leaves the app paths to the default behaviour, whose SPA fallback serves index.html, never the embed's page", () => {
    const [fallback] = distribution().DefaultCacheBehavior.FunctionAssociations as { FunctionARN: unknown }[];
    const functionId = (fallback!.FunctionARN as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    const code = web.toJSON().Resources[functionId].Properties.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };

    expect(distribution().DefaultRootObject).toBe('index.html');
    for (const uri of ['/', '/deals', '/marketplace/trending']) expect(handler({ request: { uri } }).uri).toBe('/index.html');
  });
});

/** The object ARNs `action` is granted on, for the function `functionName`. */
function objectGrants(template: Template, functionName: string, action: string): string[] {
  const roleId = logicalIdOf(template, 'AWS::IAM::Role', { Description: `Execution role of ${functionName}` });
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
    .filter((statement) => [statement.Action].flat().includes(action))
    .map((statement) => flattenCfn(statement.Resource));
}

describe('sign-up licences', () => {
  const bucketNamed = (suffix: string) => ({ 'Fn::Join': ['', Match.arrayWith([`leasedesk-dev-${suffix}-`])] });

  it('expire under pending/ a day after upload, every version of them', () => {
    storage.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketNamed('broker-licences'),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'ExpireUnconfirmedSignUpLicences',
            Prefix: 'pending/',
            Status: 'Enabled',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          }),
          Match.objectLike({ Id: 'RemoveExpiredSignUpLicenceMarkers', Prefix: 'pending/', ExpiredObjectDeleteMarker: true }),
        ]),
      },
    });
  });

  it('have no such rule on the broker photos', () => {
    for (const suffix of ['broker-photos']) {
      const [bucket] = Object.values(
        storage.findResources('AWS::S3::Bucket', { Properties: { BucketName: bucketNamed(suffix) } }),
      );
      expect(JSON.stringify(bucket!.Properties.LifecycleConfiguration)).not.toContain('pending/');
    }
  });

  it('can be uploaded by the sign-up route only under pending/', () => {
    expect(objectGrants(api, 'leasedesk-dev-auth', 's3:PutObject')).toEqual([
      expect.stringMatching(/leasedesk-dev-broker-licences-<AWS::AccountId>-<AWS::Region>\/pending\/\*$/),
    ]);
  });

  it('are moved by PostConfirmation, which reads and deletes only pending/ objects', () => {
    expect(objectGrants(auth, 'leasedesk-dev-post-confirmation', 's3:GetObject')).toEqual([
      expect.stringMatching(/broker-licences-.*\/pending\/\*$/),
    ]);
    expect(objectGrants(auth, 'leasedesk-dev-post-confirmation', 's3:DeleteObject')).toEqual([
      expect.stringMatching(/broker-licences-.*\/pending\/\*$/),
    ]);
    expect(objectGrants(auth, 'leasedesk-dev-post-confirmation', 's3:PutObject')).toEqual([
      expect.stringMatching(/broker-licences-<AWS::AccountId>-<AWS::Region>\/\*$/),
    ]);
  });
});

describe('vehicle images', () => {
  const bucketNamed = (suffix: string) => ({ 'Fn::Join': ['', Match.arrayWith([`leasedesk-dev-${suffix}-`])] });

  it('expire under pending/ a day after upload unless a saved vehicle claimed them, every version of them', () => {
    storage.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketNamed('deal-images'),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'ExpireUnclaimedDealImages',
            Prefix: 'pending/',
            Status: 'Enabled',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          }),
          Match.objectLike({ Id: 'RemoveExpiredDealImageMarkers', Prefix: 'pending/', ExpiredObjectDeleteMarker: true }),
        ]),
      },
    });
  });

  it('are claimed by the marketplace function, which reads and deletes only pending/ objects', () => {
    const grants = (action: string) => objectGrants(api, 'leasedesk-dev-marketplace', action);
    expect(grants('s3:GetObject')).toEqual([expect.stringMatching(/deal-images-.*\/pending\/\*$/)]);
    expect(grants('s3:DeleteObject')).toEqual([expect.stringMatching(/deal-images-.*\/pending\/\*$/)]);
    expect(grants('s3:PutObject')).toEqual([expect.stringMatching(/deal-images-<AWS::AccountId>-<AWS::Region>\/\*$/)]);
  });
});

describe('the CustomMessage trigger', () => {
  const customMessage = () => logicalIdOf(auth, 'AWS::Lambda::Function', { FunctionName: 'leasedesk-dev-custom-message' });

  it("is the user pool's CustomMessage trigger", () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ CustomMessage: { 'Fn::GetAtt': [customMessage(), 'Arn'] } }),
    });
  });

  it("links to the stage's app URL", () => {
    auth.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'leasedesk-dev-custom-message',
      Environment: { Variables: Match.objectLike({ APP_URL: 'https://app.example.com' }) },
    });
  });

  it('may write its logs and nothing else', () => {
    const roleId = logicalIdOf(auth, 'AWS::IAM::Role', { Description: 'Execution role of leasedesk-dev-custom-message' });
    const actions = Object.values(auth.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap((policy) =>
        (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()),
      );
    expect(actions.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });
});
