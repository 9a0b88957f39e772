import { describe, expect, it } from 'vitest';
import { getStack } from '@test/support/stack';

const stack = getStack();

function preflight(bucket: string, origin: string) {
  return fetch(`${stack.urls.s3}/${bucket}/uploads/photo.jpg`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
  });
}

describe('local S3 buckets', () => {
  it('allow a browser upload from the web origin (CORS preflight) on every bucket', async () => {
    for (const bucket of Object.values(stack.buckets)) {
      const response = await preflight(bucket, stack.urls.web);
      expect(response.status, bucket).toBe(200);
      // S3 echoes the origin, s3rver answers a matched preflight with "*": either lets the browser through.
      expect([stack.urls.web, '*']).toContain(response.headers.get('access-control-allow-origin'));
      expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    }
  });

  it('refuse the preflight from another origin', async () => {
    const response = await preflight(stack.buckets.dealImages, 'http://evil.example');
    expect(response.status).toBe(403);
  });
});
