/**
 * Local-only pages the local API server serves under `/_local/<feature>/...` beside the routes: stand-ins for the
 * third-party pages a flow passes through in AWS (the e-signature form, the payment checkout). They exist only on
 * a laptop; API Gateway has no such paths.
 */
import { eSignaturePage } from './credit-applications';
import { LOCAL_CHECKOUT_PATH, LOCAL_E_SIGNATURE_PATH } from './local-environment';
import type { LocalPage } from './page';
import { checkoutPage } from './payments';

export type { LocalPage, LocalPageRequest } from './page';

const PAGES: Record<string, LocalPage> = {
  [LOCAL_E_SIGNATURE_PATH]: eSignaturePage,
  [LOCAL_CHECKOUT_PATH]: checkoutPage,
};

export function localPage(pathname: string): LocalPage | undefined {
  return Object.prototype.hasOwnProperty.call(PAGES, pathname) ? PAGES[pathname] : undefined;
}
