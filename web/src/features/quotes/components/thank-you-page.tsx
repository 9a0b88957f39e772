/**
 * The quote thank-you page (/quote-thank-you; docs/decisions.md, "Quotes"): the request is in, the team
 * replies by text or e-mail within minutes, and the shopper may call or look at the available deals meanwhile
 * (the public trending page: shoppers have no account for the marketplace).
 */
import { QUOTE_REPLY_WITHIN_MINUTES } from '@shared/constants';
import { buttonClassName } from '@web/components/ui/button';
import { AVAILABLE_DEALS_PATH, CONTACT_PHONE } from '../wizard';
import styles from './quote.module.css';

export function QuoteThankYouPage() {
  return (
    <section className={styles.thankYou} aria-labelledby="thank-you-title">
      <div className={styles.checkmark} aria-hidden="true">
        ✓
      </div>
      <h1 id="thank-you-title" className={styles.pageTitle}>
        Thank You!
      </h1>
      <p className={styles.lead}>
        Your quote request has been submitted. Our team will review it and reach out with a personalized quote.
      </p>
      <p className={styles.promise}>Expect a text or e-mail from us in under {QUOTE_REPLY_WITHIN_MINUTES} minutes.</p>
      <p>Can&apos;t wait? Give us a call, or browse the deals available right now.</p>
      <div className={styles.thankYouActions}>
        <a className={buttonClassName({ size: 'lg' })} href={CONTACT_PHONE.href}>
          Call {CONTACT_PHONE.display}
        </a>
        <a className={buttonClassName({ size: 'lg', variant: 'secondary' })} href={AVAILABLE_DEALS_PATH}>
          See available deals
        </a>
      </div>
    </section>
  );
}
