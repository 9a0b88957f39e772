/**
 * The public quote pages (/get-quote and /quote-thank-you) as one small app: no router library, no session, no
 * staff screens. The two paths are told apart here; moving from the wizard to the thank-you page is a history
 * push, so the success toast stays on screen across it.
 */
import { useEffect, useState } from 'react';
import { Toaster } from '@web/components/ui/toast';
import { QuotePage } from '@web/features/quotes/components/quote-page';
import { QuoteThankYouPage } from '@web/features/quotes/components/thank-you-page';
import { THANK_YOU_PATH } from '@web/features/quotes/wizard';
import { publicPageOf, type PublicPage } from './public-pages';
import styles from './public-quote-app.module.css';

const TITLES: Record<PublicPage, string> = {
  quote: 'Get a Quote · LeaseDesk',
  thankYou: 'Thank You · LeaseDesk',
};

export function PublicQuoteApp() {
  const [page, setPage] = useState<PublicPage>(() => publicPageOf(window.location.pathname));

  useEffect(() => {
    const onPopState = () => setPage(publicPageOf(window.location.pathname));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    document.title = TITLES[page];
  }, [page]);

  const showThankYou = () => {
    window.history.pushState(null, '', THANK_YOU_PATH);
    setPage('thankYou');
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.brandBar}>
        <span className={styles.brand}>LeaseDesk</span>
      </header>
      {/* First in the page: on phones the notifications sit at the top, in the flow (toast.module.css). */}
      <Toaster />
      <main id="main" className={styles.main}>
        {page === 'quote' ? <QuotePage onSubmitted={showThankYou} /> : <QuoteThankYouPage />}
      </main>
    </>
  );
}
