/**
 * /archived-deals (admins; the route guard sends anyone else to / with "Access denied"): expired deals, newest
 * expiration first, each opening its deal, paged by cursor. One API call renders the screen.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoneyWhole } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useArchivedDeals } from '../api/get-archived-deals';
import { dealName } from '../deal-format';
import tableStyles from '@web/components/ui/table.module.css';
import groupStyles from '@web/components/ui/card-groups.module.css';
import styles from './deals.module.css';

export function ArchivedDealsPage() {
  useDocumentTitle('Archived Deals');
  const archive = useArchivedDeals();

  useEffect(() => {
    if (!archive.error) return;
    logger.error('Loading the archived deals failed', archive.error);
    toast({ title: 'Error loading archived deals', description: archive.error.message, variant: 'destructive' });
  }, [archive.error]);

  const deals = archive.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AppShell>
      <PageHeader
        title="Archived Deals"
        description="Deals past their expiration date, newest expiration first."
        actions={
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Back
          </Link>
        }
      />
      {archive.isPending ? (
        <LoadingBlock label="Loading archived deals" />
      ) : archive.isError ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>Error loading archived deals</p>
          <Button variant="secondary" onClick={() => void archive.refetch()}>
            Try again
          </Button>
        </div>
      ) : deals.length === 0 ? (
        <div className={styles.empty}>
          <p>No archived deals found.</p>
        </div>
      ) : (
        <div className={groupStyles.groups}>
          <div className={tableStyles.tableWrap}>
            <table className={tableStyles.table}>
              <caption className="visually-hidden">Archived deals</caption>
              <thead>
                <tr>
                  {['Vehicle', 'Stock #', 'Client', 'Expired', 'Monthly'].map((heading) => (
                    <th key={heading} scope="col">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {deals.map((deal) => (
                  <tr key={deal.id}>
                    <th scope="row">
                      <Link to={`/deals/${deal.id}`}>{dealName(deal)}</Link>
                      {deal.trim && <span className={styles.muted}> {deal.trim}</span>}
                    </th>
                    <td>{deal.stockNumber ?? '—'}</td>
                    <td>{deal.clientName ?? '—'}</td>
                    <td>{formatDate(deal.expirationDate)}</td>
                    <td className={tableStyles.number}>{formatMoneyWhole(deal.monthlyPayment)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {archive.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" isLoading={archive.isFetchingNextPage} onClick={() => void archive.fetchNextPage()}>
                {archive.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </AppShell>
  );
}
