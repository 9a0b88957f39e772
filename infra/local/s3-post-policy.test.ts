import { describe, expect, it } from 'vitest';
import { checkPostPolicy, postPolicySignature } from './s3-post-policy';

const SECRET = 'S3RVER';
const NOW = new Date('2026-03-10T12:00:00Z');
const credential = 'S3RVER/20260310/us-east-1/s3/aws4_request';

function signedFields(conditions: unknown[], expiration = '2026-03-10T12:05:00Z', extra: Record<string, string> = {}) {
  const policy = Buffer.from(JSON.stringify({ expiration, conditions })).toString('base64');
  return {
    key: 'a.jpg',
    'Content-Type': 'image/jpeg',
    bucket: 'images',
    'X-Amz-Credential': credential,
    ...extra,
    Policy: policy,
    'X-Amz-Signature': postPolicySignature(policy, credential, SECRET)!,
  };
}

const conditions = [
  { bucket: 'images' },
  { key: 'a.jpg' },
  { 'X-Amz-Credential': credential },
  ['content-length-range', 1, 5 * 1024 * 1024],
  ['eq', '$Content-Type', 'image/jpeg'],
];
const check = (fields: Record<string, string>, fileSize = 1000) =>
  checkPostPolicy({ fields, fileSize, bucket: 'images', now: NOW, secretAccessKey: SECRET });

describe('the local S3 POST policy check', () => {
  it('accepts an upload inside its policy', () => {
    expect(check(signedFields(conditions))).toBeNull();
  });

  it('refuses a file over the size range with EntityTooLarge', () => {
    expect(check(signedFields(conditions), 6 * 1024 * 1024)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
  });

  it('refuses another content type, an expired policy, a forged signature and an uncovered field', () => {
    expect(check({ ...signedFields(conditions), 'Content-Type': 'text/html' })).toMatchObject({ status: 403 });
    expect(check(signedFields(conditions, '2026-03-10T11:59:00Z'))).toMatchObject({ status: 403 });
    expect(check({ ...signedFields(conditions), 'X-Amz-Signature': '0'.repeat(64) })).toMatchObject({ status: 403 });
    expect(check(signedFields(conditions, undefined, { acl: 'public-read' }))).toMatchObject({ status: 403 });
    expect(check({ key: 'a.jpg' })).toMatchObject({ status: 403 });
  });
});
