/**
 * /admin/lenders/:lenderId/:month (admins; docs/decisions.md, "Programs"): one month's program, its rows in the
 * file's order (the spreadsheet's row numbers), a page at a time.
 */
import { Link, useParams } from 'react-router';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useVersionRows } from '../api/programs';
import { ProgramRowsTable } from './program-rows-table';
import styles from './programs.module.css';

export function ProgramVersionPage() {
  const { lenderId = '', month = '' } = useParams();
  const pages = useVersionRows(lenderId, month);
  const version = pages.data?.pages[0]?.version;
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  useDocumentTitle(version?.label ?? 'Lender program');

  return (
    <AppShell>
      <PageHeader
        title={version?.label ?? 'Lender program'}
        badges={version?.status === 'importing' ? <Badge variant="warning">Importing</Badge> : undefined}
        description={version ? `${version.total.toLocaleString('en-US')} rows from ${version.fileName}.` : undefined}
        actions={
          <Link to={`/admin/lenders/${encodeURIComponent(lenderId)}`} className={buttonClassName({ variant: 'secondary' })}>
            Back to the lender
          </Link>
        }
      />
      {pages.isPending ? (
        <LoadingBlock label="Loading the program" />
      ) : pages.isError ? (
        <div className={styles.empty}>
          <p role="alert" className={styles.emptyTitle}>
            {pages.error.message}
          </p>
          <Button variant="secondary" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No rows imported yet</p>
          <p>Resume the import with the same file to bring its rows in.</p>
        </div>
      ) : (
        <div className={styles.stack}>
          <ProgramRowsTable
            caption="Program rows"
            rows={rows}
            rowKey={(row) => row.index}
            lead={{ heading: 'Row', cell: (row) => row.index + 2 }}
          />
          {pages.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" isLoading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {pages.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </AppShell>
  );
}
