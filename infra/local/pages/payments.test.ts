import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeLocalSession, type LocalSession } from '@functions/lib/payments/local';
import { checkoutPage } from './payments';

const SECRET = 'local-checkout-page-unit-secret';
const APP_URL = 'http://localhost:5273';
const API_URL = 'http://localhost:3101';

const session = (overrides: Partial<LocalSession> = {}): LocalSession => ({
  nonce: 'n',
  dealId: '01DEAL',
  amountCents: 75_000,
  currency: 'usd',
  description: 'Concierge fee – 2026 Audi Q5',
  successUrl: `${APP_URL}/consumer-portal?payment=success&deal=01DEAL`,
  cancelUrl: `${APP_URL}/consumer-portal?payment=cancelled&deal=01DEAL`,
  ...overrides,
});

function request(method: 'GET' | 'POST', sessionId: string) {
  const url = new URL(`${API_URL}/_local/payments/checkout`);
  url.searchParams.set('session', sessionId);
  return checkoutPage({ method, url, body: Buffer.alloc(0), apiUrl: API_URL });
}

const html = (answer: { body: Buffer }) => answer.body.toString('utf8');

describe('the local checkout page', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{"received":true}', { status: 200 })));

  beforeEach(() => {
    vi.stubEnv('LOCAL_CHECKOUT_SECRET', SECRET);
    vi.stubEnv('APP_URL', APP_URL);
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_unit');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it("shows the signed session's amount, with a Cancel link back to the app", async () => {
    const answer = await request('GET', encodeLocalSession(session(), SECRET));

    expect(answer.status).toBe(200);
    expect(html(answer)).toContain('Pay $750.00');
    expect(html(answer)).toContain(`<a href="${APP_URL}/consumer-portal?payment=cancelled&amp;deal=01DEAL">Cancel</a>`);
  });

  it.each([
    [
      'unsigned (the old self-describing id)',
      `cs_local_${Buffer.from(JSON.stringify(session({ amountCents: 1 }))).toString('base64url')}`,
    ],
    ['signed with another secret', encodeLocalSession(session({ amountCents: 1 }), 'not-the-secret')],
    ['a javascript: Cancel link', encodeLocalSession(session({ cancelUrl: 'javascript:alert(document.domain)' }), SECRET)],
    ['a success URL off the app', encodeLocalSession(session({ successUrl: 'https://evil.example/' }), SECRET)],
    ['no session at all', ''],
  ])('answers "Unknown checkout session" for a session %s, and pays nothing', async (_label, id) => {
    const shown = await request('GET', id);
    const paid = await request('POST', id);

    for (const answer of [shown, paid]) {
      expect(answer.status).toBe(400);
      expect(html(answer)).toContain('Unknown checkout session');
      expect(html(answer)).not.toContain('javascript:');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a signed session whose amount was altered', async () => {
    const id = encodeLocalSession(session(), SECRET);
    const [payload, mac] = id.slice('cs_local_'.length).split('.');
    const altered = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as LocalSession;
    altered.amountCents = 1;

    const answer = await request('POST', `cs_local_${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${mac}`);

    expect(answer.status).toBe(400);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pays a signed session: posts the signed event for its amount, then returns to its success URL', async () => {
    const answer = await request('POST', encodeLocalSession(session(), SECRET));

    expect(answer).toMatchObject({ status: 303, headers: { location: session().successUrl } });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${API_URL}/webhooks/payments`);
    expect(JSON.parse(init.body as string)).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { amount_total: 75_000, currency: 'usd', metadata: { dealId: '01DEAL' } } },
    });
  });
});
