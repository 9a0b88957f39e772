import { Link } from 'react-router';
import { AppShell } from '@web/components/layouts/app-shell';
import { buttonClassName } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api-client';
import styles from './marketplace.module.css';

/** A vehicle that does not exist or is not the caller's to see (the API answers 404 for both), or failed to load. */
export function VehicleNotFound({ error }: { error?: Error | null }) {
  const notFound = !error || (isApiError(error) && error.status === 404);
  return (
    <AppShell>
      <div className={styles.notFound}>
        <h1>{notFound ? 'Vehicle not found' : 'Error loading vehicle'}</h1>
        <p className={styles.muted}>
          {notFound
            ? 'This vehicle is not in the marketplace, or it is not yours to see.'
            : (error?.message ?? 'Please try again.')}
        </p>
        <Link to="/marketplace" className={buttonClassName()}>
          Back to Marketplace
        </Link>
      </div>
    </AppShell>
  );
}
