import { Link } from 'react-router';
import { AppShell } from '@web/components/layouts/app-shell';
import { buttonClassName } from '@web/components/ui/button';
import styles from './deals.module.css';

/**
 * A deal that does not exist or is not the caller's to see (the API answers 404 for both). The page stays on the
 * address that was opened, with the way back to the list (docs/decisions.md, "Deals screens").
 */
export function DealNotFound() {
  return (
    <AppShell>
      <div className={styles.notFound}>
        <h1>Deal not found</h1>
        <p className={styles.muted}>This deal was deleted, or it is not yours to see.</p>
        <Link to="/deals" className={buttonClassName()}>
          Back to Deals
        </Link>
      </div>
    </AppShell>
  );
}
