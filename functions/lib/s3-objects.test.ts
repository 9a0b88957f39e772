import { describe, expect, it } from 'vitest';
import { objectUrl, signS3Request } from './s3-objects';

/** The example credentials and time of AWS's published SigV4 examples for S3 (header authorization, one chunk). */
const EXAMPLE = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('S3 requests signed without the S3 client', () => {
  it("signs a GET as AWS's published example does", () => {
    const headers = signS3Request({
      ...EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
    });

    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it("signs a PUT with its body's hash as AWS's published example does", () => {
    const headers = signS3Request({
      ...EXAMPLE,
      method: 'PUT',
      url: objectUrl('examplebucket', 'test$file.text', 'us-east-1', false, 'https://s3.amazonaws.com'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      body: 'Welcome to Amazon S3.',
    });

    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it("addresses the object path-style on a local endpoint and by the bucket's virtual host in AWS", () => {
    expect(objectUrl('site', 'embed/trending deals.html', 'eu-west-1', true, 'http://127.0.0.1:4569').href).toBe(
      'http://127.0.0.1:4569/site/embed/trending%20deals.html',
    );
    expect(objectUrl('site', "pending/a'b(1).pdf", 'eu-west-1', false).href).toBe(
      'https://site.s3.eu-west-1.amazonaws.com/pending/a%27b%281%29.pdf',
    );
  });
});
