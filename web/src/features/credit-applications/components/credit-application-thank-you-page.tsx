/** /credit-application/{token}/thank-you (public): the application is in; confetti, and contact within 24 hours. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CREDIT_APP_CONTACT_WITHIN_HOURS } from '@shared/constants';
import { buttonClassName } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/document-title';
import { celebrate } from '../confetti';
import styles from './credit-applications.module.css';

export function CreditApplicationThankYouPage() {
  useDocumentTitle('Application Submitted');
  useEffect(() => celebrate(), []);

  return (
    <main className={styles.thanks}>
      <div className={styles.thanksPanel}>
        <h1 className={styles.title}>Thank You!</h1>
        <p>Your credit application has been submitted.</p>
        <p className={styles.muted}>Our team will review it and contact you within {CREDIT_APP_CONTACT_WITHIN_HOURS} hours.</p>
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
