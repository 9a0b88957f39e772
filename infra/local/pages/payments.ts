/**
 * The local checkout page (GET/POST /_local/payments/checkout?session=), the local payment provider's hosted page
 * (functions/lib/payments/local.ts). "Pay $X" posts a `checkout.session.completed` event signed with the `stripe`
 * library's test signer to POST /webhooks/payments, so the API verifies it exactly as it verifies Stripe's, then
 * returns to the session's success URL; "Cancel" returns to its cancel URL.
 *
 * Only a session the local provider signed is shown or paid (functions/lib/payments/local.ts): anything else,
 * including a session whose return URLs are not on the app's origin, is "Unknown checkout session".
 */
import { readConfig } from '@functions/lib/config';
import { decodeLocalSession } from '@functions/lib/payments/local';
import { signedCompletedEvent } from '@functions/lib/payments/local-events';
import { PAYMENT_SIGNATURE_HEADER } from '@shared/payments/api';
import { formatMoneyCents } from '@shared/format';
import type { HttpAnswer } from '../api-gateway';
import { escapeHtml, htmlPage, redirect } from './html';
import type { LocalPageRequest } from './page';

const UNKNOWN_SESSION = htmlPage(
  400,
  'Unknown checkout session',
  '<h1>Unknown checkout session</h1><p>Start the payment again from the portal.</p>',
);

export async function checkoutPage(request: LocalPageRequest): Promise<HttpAnswer> {
  const sessionId = request.url.searchParams.get('session') ?? '';
  const config = readConfig();
  const session = decodeLocalSession(sessionId, { secret: config.localCheckoutSecret, appUrl: config.appUrl });
  if (!session) return UNKNOWN_SESSION;
  if (request.method !== 'POST') {
    const amount = formatMoneyCents(session.amountCents / 100);
    return htmlPage(
      200,
      'Checkout',
      `<p class="badge">Local stand-in for Stripe Checkout</p>
<h1>Checkout</h1>
<p>${escapeHtml(session.description)}</p>
<p class="amount">${escapeHtml(amount)}</p>
${session.customerEmail ? `<p>Receipt to ${escapeHtml(session.customerEmail)}</p>` : ''}
<form method="post">
  <button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel</a></p>`,
    );
  }

  const secret = config.stripeWebhookSecret;
  if (!('value' in secret)) throw new Error('The local payment webhook secret must be a value');
  const { payload, signature } = signedCompletedEvent(sessionId, session, secret.value, new Date());
  const response = await fetch(`${request.apiUrl}/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signature },
    body: payload,
  });
  if (!response.ok) {
    return htmlPage(
      502,
      'Payment not recorded',
      `<h1>Payment not recorded</h1><p>The API refused the payment event (HTTP ${response.status}).</p>`,
    );
  }
  return redirect(session.successUrl);
}
