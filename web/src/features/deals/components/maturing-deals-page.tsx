/**
 * /maturing-deals (admins and brokers; the route guard sends anyone else home): finalized and closed leases maturing
 * in the next 6 months, earliest first, with client and vehicle, each opening its deal; paged by cursor. A broker in
 * own book sees their own deals only (the API decides). One API call renders the screen.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useMaturingDeals } from '../api/get-maturing-deals';
import { dealName } from '../deal-format';
import tableStyles from '@web/components/ui/table.module.css';
import groupStyles from '@web/components/ui/card-groups.module.css';
import styles from './deals.module.css';

export function MaturingDealsPage() {
  useDocumentTitle('Maturing Leases');
  const maturing = useMaturingDeals();

  useEffect(() => {
    if (!maturing.error) return;
    logger.error('Loading the maturing leases failed', maturing.error);
    toast({ title: 'Error loading maturing leases', description: maturing.error.message, variant: 'destructive' });
  }, [maturing.error]);

  const deals = maturing.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AppShell>
      <PageHeader
        title="Maturing Leases"
        description="Leases maturing in the next 6 months, earliest first: time to offer the client their next lease."
        actions={
          <Link to="/deals" className={buttonClassName({ variant: 'secondary' })}>
            Back to deals
          </Link>
        }
      />
      {maturing.isPending ? (
        <LoadingBlock label="Loading maturing leases" />
      ) : maturing.isError ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>Error loading maturing leases</p>
          <Button variant="secondary" onClick={() => void maturing.refetch()}>
            Try again
          </Button>
        </div>
      ) : deals.length === 0 ? (
        <div className={styles.empty}>
          <p>No leases mature in the next 6 months.</p>
        </div>
      ) : (
        <div className={groupStyles.groups}>
          <div className={tableStyles.tableWrap}>
            <table className={tableStyles.table}>
              <caption className="visually-hidden">Maturing leases</caption>
              <thead>
                <tr>
                  {['Client', 'Vehicle', 'Lease start', 'Term', 'Matures'].map((heading) => (
                    <th key={heading} scope="col">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {deals.map((deal) => (
                  <tr key={deal.id}>
                    <th scope="row">{deal.clientName ?? 'Unassigned'}</th>
                    <td>
                      <Link to={`/deals/${deal.id}`}>{dealName(deal)}</Link>
                      {deal.trim && <span className={styles.muted}> {deal.trim}</span>}
                    </td>
                    <td>{formatDate(deal.leaseStartDate)}</td>
                    <td>{deal.termMonths} months</td>
                    <td>{formatDate(deal.maturityDate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {maturing.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" isLoading={maturing.isFetchingNextPage} onClick={() => void maturing.fetchNextPage()}>
                {maturing.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </AppShell>
  );
}
