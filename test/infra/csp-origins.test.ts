/**
 * The app's Content-Security-Policy is built from what the app loads: the e-signature provider's form (framed by
 * the credit-application pages) comes from the configured form URLs, and the hosts of the broker photos' signed
 * GETs and of the presigned uploads are the ones the AWS SDK, as the functions call it, really produces.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { s3BrokerFiles } from '@functions/brokers/deps';
import { presignUpload } from '@functions/lib/storage';
import { buildApp, cleanupCdkTemp, cspOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

const ACADEMY_PLAYERS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];
const appCsp = (context: Record<string, unknown>) =>
  cspOf(templateOf(buildApp({ context: { stage: 'prod', ...context } }).stacks.web), 'leasedesk-prod-app');

describe('frame-src', () => {
  it("adds the origin of the configured credit-application form (-c creditAppFormUrl=...) to the players'", () => {
    const csp = appCsp({ creditAppFormUrl: 'https://forms.esign.example/s/leasedesk-credit?embed=true' });

    expect(csp['frame-src']).toEqual([...ACADEMY_PLAYERS, 'https://forms.esign.example']);
  });

  it('lists each origin once when form types use several providers', () => {
    const csp = appCsp({
      creditAppFormUrl: 'https://forms.esign.example/s/generic?embed=true',
      creditAppFormUrlBmwfs: 'https://bmw.sign.example:8443/apply',
      creditAppFormUrlMbfs: 'https://forms.esign.example/s/mbfs',
    });

    expect(csp['frame-src']).toEqual([...ACADEMY_PLAYERS, 'https://forms.esign.example', 'https://bmw.sign.example:8443']);
  });
});

describe('the hosts the SDK signs for', () => {
  const ACCOUNT = '123456789012';
  const REGION = 'eu-west-2';
  const csp = appCsp({});
  /** A CSP source of the template as deployed to ACCOUNT in REGION. */
  const deployed = (source: string) => source.replaceAll('<AWS::AccountId>', ACCOUNT).replaceAll('<AWS::Region>', REGION);
  const bucket = (suffix: string) => `leasedesk-prod-${suffix}-${ACCOUNT}-${REGION}`;
  const s3 = () => {
    // The SDK's default endpoint in AWS, whatever the local stack put in this process's environment.
    vi.stubEnv('AWS_IGNORE_CONFIGURED_ENDPOINT_URLS', 'true');
    return new S3Client({ region: REGION, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'example' } });
  };
  afterAll(() => vi.unstubAllEnvs());

  it("allows images from the host of a broker photo's signed URL (functions/brokers)", async () => {
    const client = s3();
    const files = s3BrokerFiles(async () => client, {
      profilePhoto: bucket('broker-photos'),
      licence: bucket('broker-licences'),
    });

    const url = new URL(await files.signedUrl('profilePhoto', 'user-1/profile.png', 3600));

    expect(csp['img-src']!.map(deployed)).toContain(url.origin);
  });

  it.each(['deal-images', 'broker-photos', 'broker-licences'])(
    'allows connecting to the presigned-POST host of %s',
    async (suffix) => {
      const { url } = await presignUpload(s3(), { bucket: bucket(suffix), key: 'k', contentType: 'image/png' });

      expect(csp['connect-src']!.map(deployed)).toContain(new URL(url).origin);
    },
  );
});
