/** /get-quote: the page around the wizard (title, promise) that hands a submitted request on to the thank-you page. */
import { QUOTE_REPLY_WITHIN_MINUTES } from '@shared/constants';
import { QuoteWizard } from './quote-wizard';
import styles from './quote.module.css';

export function QuotePage({ onSubmitted }: { onSubmitted: () => void }) {
  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Get your personalized quote</h1>
        <p className={styles.lead}>
          Four quick steps. We search inventory for you and reply by text or e-mail in under {QUOTE_REPLY_WITHIN_MINUTES} minutes.
        </p>
      </header>
      <QuoteWizard onSubmitted={onSubmitted} />
    </>
  );
}
