/** The checkout's payment provider, as configured: the local checkout page, or Stripe. */
import { config } from '@functions/lib/config';
import { localCheckoutProvider } from '@functions/lib/payments/local';
import type { PaymentProvider } from '@functions/lib/payments/provider';
import { defaultSecrets } from '@functions/lib/secrets';

let stripe: { key: string; provider: PaymentProvider } | undefined;

/**
 * The configured provider; the Stripe client is kept per container while its key stays the same. The `stripe`
 * library (most of this function's code) is imported on first use, so it is not part of the cold start.
 */
export async function paymentProvider(): Promise<PaymentProvider> {
  if (config.paymentProvider === 'local') return localCheckoutProvider(config.localCheckoutUrl);
  const key = await defaultSecrets().read(config.stripeSecretKey);
  if (stripe?.key !== key) {
    const { stripeCheckoutProvider } = await import('@functions/lib/payments/stripe');
    stripe = { key, provider: stripeCheckoutProvider(key) };
  }
  return stripe.provider;
}
