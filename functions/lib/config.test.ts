import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  it('reads a variable only when it is used, and names a missing one', () => {
    const config = readConfig({ TABLE_NAME: 'leasedesk-dev' });

    expect(config.tableName).toBe('leasedesk-dev');
    expect(() => config.userPoolId).toThrow(new ConfigError('Missing required environment variable USER_POOL_ID'));
  });

  it('treats a blank variable as missing', () => {
    expect(() => readConfig({ MAIL_FROM: '  ' }).mailFrom).toThrow(ConfigError);
  });

  it('normalises the company domain and the app URL', () => {
    const config = readConfig({ COMPANY_EMAIL_DOMAIN: '@LeaseDesk.com', APP_URL: 'https://app.leasedesk.com/' });

    expect(config.companyEmailDomain).toBe('leasedesk.com');
    expect(config.appUrl).toBe('https://app.leasedesk.com');
  });

  it('switches S3 to path style, checksums when required and its own credentials only when asked', () => {
    expect(readConfig({}).s3ForcePathStyle).toBe(false);
    expect(readConfig({}).s3Credentials).toBeUndefined();
    const local = readConfig({
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(local.s3ForcePathStyle).toBe(true);
    expect(local.s3ChecksumWhenRequired).toBe(true);
    expect(local.s3Credentials).toEqual({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  });
});
