import { Card, CardContent } from '@web/components/ui/card';
import styles from './dashboard.module.css';

/** Blocks the dashboard of a broker whom no administrator has approved yet. */
export function PendingReviewCard() {
  return (
    <Card as="section" className={styles.pending} aria-labelledby="pending-review-title">
      <CardContent className={styles.pendingContent}>
        <svg
          className={styles.pendingIcon}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" />
        </svg>
        <div className={styles.pendingText}>
          <h2 id="pending-review-title" className={styles.sectionTitle}>
            Account Pending Review
          </h2>
          <p>
            Your broker account is waiting for approval. An administrator must approve your account and set up your commission
            structure before you can create or manage deals.
          </p>
          <p>You will be able to use the full dashboard as soon as your account has been approved.</p>
        </div>
      </CardContent>
    </Card>
  );
}
