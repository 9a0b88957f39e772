import { describe, expect, it } from 'vitest';
import { isFresh, isValidESignature, signESignatureBody } from './signature';

const SECRET = 'test-secret';
const BODY = '{"id":"evt_1","type":"application.completed","timestamp":1767268800,"token":"AAAAAAAAAAAAAAAAAAAAAA"}';

describe('the e-signature webhook signature', () => {
  it('accepts the HMAC-SHA256 of the exact raw body under the secret', () => {
    const signature = signESignatureBody(BODY, SECRET);

    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(isValidESignature(Buffer.from(BODY), signature, SECRET)).toBe(true);
  });

  it('refuses a body changed by one byte, even when it parses to the same JSON', () => {
    const signature = signESignatureBody(BODY, SECRET);
    const reformatted = JSON.stringify(JSON.parse(BODY), null, 1);

    expect(isValidESignature(Buffer.from(BODY.replace('evt_1', 'evt_2')), signature, SECRET)).toBe(false);
    expect(isValidESignature(Buffer.from(reformatted), signature, SECRET)).toBe(false);
  });

  it('refuses another secret, a missing header and malformed headers', () => {
    const body = Buffer.from(BODY);

    expect(isValidESignature(body, signESignatureBody(BODY, 'another-secret'), SECRET)).toBe(false);
    expect(isValidESignature(body, undefined, SECRET)).toBe(false);
    expect(isValidESignature(body, signESignatureBody(BODY, SECRET).replace('sha256=', ''), SECRET)).toBe(false);
    expect(isValidESignature(body, 'sha256=abc', SECRET)).toBe(false);
    expect(isValidESignature(body, `sha256=${'z'.repeat(64)}`, SECRET)).toBe(false);
  });

  it('is fresh within 5 minutes either side of now, stale beyond', () => {
    const now = new Date('2026-01-01T12:00:00.000Z');
    const seconds = now.getTime() / 1000;

    expect(isFresh(seconds - 300, now, 300)).toBe(true);
    expect(isFresh(seconds + 300, now, 300)).toBe(true);
    expect(isFresh(seconds - 301, now, 300)).toBe(false);
    expect(isFresh(seconds + 301, now, 300)).toBe(false);
  });
});
