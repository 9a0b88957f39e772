import { describe, expect, it } from 'vitest';
import { redactSensitive } from './logger';

describe('redactSensitive', () => {
  it('redacts tokens, passwords, authorization headers and licence locations', () => {
    for (const key of [
      'password',
      'idToken',
      'refresh_token',
      'Authorization',
      'licenseDocumentUrl',
      'license_document_url',
      'signedUrl',
      'X-Amz-Signature',
      'Policy',
    ]) {
      expect(redactSensitive(key, 'value'), key).toBe('[redacted]');
    }
  });

  it('keeps everything else, and the top-level object itself', () => {
    expect(redactSensitive('route', 'GET /me')).toBe('GET /me');
    expect(redactSensitive('status', 200)).toBe(200);
    const root = { password: 'x' };
    expect(redactSensitive('', root)).toBe(root);
  });
});
