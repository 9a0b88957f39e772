/**
 * The local stack's payment provider: no account, no network. A checkout session is self-describing (its id
 * carries the deal, amount and return URLs, base64url-encoded), so the local checkout page served by the local API
 * server (infra/local/pages/payments.ts) can show "Pay $X" without any stored state. Paying there posts the event
 * of local-events.ts to POST /webhooks/payments: the same verification path as in AWS.
 *
 * The page signs that event with the webhook secret, so it must never act on a session a caller wrote: the id
 * carries an HMAC-SHA256 over its payload with the local checkout secret (LOCAL_CHECKOUT_SECRET, random per stack
 * start), which only this provider and the page hold. An unsigned or altered session reads as no session. The
 * return URLs must be http(s) on the app's own origin (APP_URL), checked when the session is made and again when
 * it is read, so the page is neither an open redirect nor a place for a `javascript:` link.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider';

const SESSION_PREFIX = 'cs_local_';
const SIGNATURE_SEPARATOR = '.';

export interface LocalSession {
  /** A random nonce: two checkouts of the same deal are two sessions. */
  nonce: string;
  dealId: string;
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
}

/** What signs and checks sessions: the local checkout secret and the app's origin (APP_URL). */
export interface LocalCheckoutKeys {
  secret: string;
  appUrl: string;
}

/** Whether `url` is an http(s) URL on the origin of `appUrl` (where checkout may return to). */
export function isAppReturnUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url);
    return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

function signature(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${SESSION_PREFIX}${payload}`).digest();
}

/** The session id: prefix, base64url JSON payload, "." and the base64url HMAC of the prefix and payload. */
export function encodeLocalSession(session: LocalSession, secret: string): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${SESSION_PREFIX}${payload}${SIGNATURE_SEPARATOR}${signature(payload, secret).toString('base64url')}`;
}

function isLocalSession(value: unknown): value is LocalSession {
  const session = value as Partial<LocalSession> | null;
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.nonce === 'string' &&
    typeof session.dealId === 'string' &&
    Number.isInteger(session.amountCents) &&
    (session.amountCents ?? 0) > 0 &&
    typeof session.currency === 'string' &&
    typeof session.description === 'string' &&
    typeof session.successUrl === 'string' &&
    typeof session.cancelUrl === 'string' &&
    (session.customerEmail === undefined || typeof session.customerEmail === 'string')
  );
}

/**
 * The session an id describes, or null unless this provider signed it with `keys.secret` (constant-time compare)
 * and both its return URLs are on the app's origin.
 */
export function decodeLocalSession(id: string, keys: LocalCheckoutKeys): LocalSession | null {
  if (!id.startsWith(SESSION_PREFIX)) return null;
  const [payload, mac, ...rest] = id.slice(SESSION_PREFIX.length).split(SIGNATURE_SEPARATOR);
  if (!payload || !mac || rest.length > 0) return null;
  const expected = signature(payload, keys.secret);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const session: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!isLocalSession(session)) return null;
    return isAppReturnUrl(session.successUrl, keys.appUrl) && isAppReturnUrl(session.cancelUrl, keys.appUrl) ? session : null;
  } catch {
    return null;
  }
}

/** The keys of this process's local stack (LOCAL_CHECKOUT_SECRET and APP_URL), read when first needed. */
export function localCheckoutKeys(): LocalCheckoutKeys {
  return { secret: config.localCheckoutSecret, appUrl: config.appUrl };
}

export function localCheckoutProvider(
  checkoutPageUrl: string,
  keys: () => LocalCheckoutKeys = localCheckoutKeys,
): PaymentProvider {
  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const { secret, appUrl } = keys();
      for (const url of [request.successUrl, request.cancelUrl]) {
        if (!isAppReturnUrl(url, appUrl)) throw new Error(`A checkout may only return to the app (${appUrl}), not to ${url}`);
      }
      const id = encodeLocalSession(
        {
          nonce: randomUUID(),
          dealId: request.dealId,
          amountCents: request.amountCents,
          currency: request.currency,
          description: request.description,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          customerEmail: request.customerEmail,
        },
        secret,
      );
      const url = new URL(checkoutPageUrl);
      url.searchParams.set('session', id);
      return { id, url: url.toString() };
    },
  };
}
