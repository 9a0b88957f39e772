/**
 * The credit-applications and payments functions' local configuration: the stand-in e-signature form and the local
 * checkout page (both served by the local API server, pages/credit-applications.ts and pages/payments.ts) and the
 * webhook secrets they sign with. The webhook secrets are fixed, public development values: nothing in AWS trusts
 * them (there the functions read theirs from Secrets Manager, docs/operations.md).
 */
import type { StackInfo } from '../config';

export const LOCAL_E_SIGNATURE_PATH = '/_local/credit-applications/e-signature';
export const LOCAL_CHECKOUT_PATH = '/_local/payments/checkout';
export const LOCAL_E_SIGNATURE_WEBHOOK_SECRET = 'local-e-signature-webhook-secret';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_localleasedeskpaymentswebhook';

export function creditApplicationsLocalEnvironment(info: Pick<StackInfo, 'urls'>): Record<string, string> {
  // The three form types point to one link with an embed flag; the stand-in page reads the type it is given.
  const form = `${info.urls.api}${LOCAL_E_SIGNATURE_PATH}?embed=true`;
  return {
    CREDIT_APP_FORM_URL_MBFS: form,
    CREDIT_APP_FORM_URL_BMWFS: form,
    CREDIT_APP_FORM_URL_GENERIC: form,
    E_SIGNATURE_WEBHOOK_SECRET: LOCAL_E_SIGNATURE_WEBHOOK_SECRET,
  };
}

/**
 * The local checkout's settings. Its session secret is the one local secret that is not a fixed value: the page
 * signs a payment event for any session it accepts, so the key that makes a session acceptable is random per stack
 * start (`StackInfo.localCheckoutSecret`) and known only to the stack's processes and its test workers. Without one
 * (a second process describing a running stack, `npm run job`) checkouts cannot be made, which nothing there needs.
 */
export function paymentsLocalEnvironment(info: Pick<StackInfo, 'urls' | 'localCheckoutSecret'>): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'local',
    LOCAL_CHECKOUT_URL: `${info.urls.api}${LOCAL_CHECKOUT_PATH}`,
    ...(info.localCheckoutSecret ? { LOCAL_CHECKOUT_SECRET: info.localCheckoutSecret } : {}),
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
  };
}
