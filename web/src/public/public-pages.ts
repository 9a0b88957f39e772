/** Which public quote page a path shows: the thank-you page under /quote-thank-you, the wizard otherwise. */
import { THANK_YOU_PATH } from '@web/features/quotes/wizard';

export type PublicPage = 'quote' | 'thankYou';

export function publicPageOf(pathname: string): PublicPage {
  return pathname === THANK_YOU_PATH || pathname.startsWith(`${THANK_YOU_PATH}/`) ? 'thankYou' : 'quote';
}
