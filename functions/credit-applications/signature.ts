/**
 * The e-signature provider's webhook signature: `X-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw request
 * body with the shared secret. The body carries its own `timestamp`, so the freshness check reads signed bytes.
 * Verification works on the bytes as received (never on re-serialised JSON) and compares in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** The header value for `rawBody` (the local stand-in form and the tests sign with it). */
export function signESignatureBody(rawBody: string | Buffer, secret: string): string {
  return `${PREFIX}${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Whether `header` is the signature of `rawBody` under `secret`; false for a missing or malformed header. */
export function isValidESignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}

/** Whether a delivery signed at `timestamp` (Unix seconds) is within `toleranceSeconds` of `now`, either way. */
export function isFresh(timestamp: number, now: Date, toleranceSeconds: number): boolean {
  return Math.abs(now.getTime() / 1000 - timestamp) <= toleranceSeconds;
}
