/**
 * /admin/lenders/:lenderId (admins; docs/decisions.md, "Programs"): a lender's programs by month, newest first, the
 * newest finished one marked; each month opens its rows. A month still importing says how far it got: choosing the
 * same file again on the import screen resumes it.
 */
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@shared/format';
import { monthLabel } from '@shared/programs/rows';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import tableStyles from '@web/components/ui/table.module.css';
import { useDocumentTitle } from '@web/lib/document-title';
import { useLenderVersions } from '../api/programs';
import styles from './programs.module.css';

export function LenderPage() {
  const { lenderId = '' } = useParams();
  const versions = useLenderVersions(lenderId);
  const lender = versions.data?.lender;
  useDocumentTitle(lender ? `${lender.name} programs` : 'Lender programs');
  const newest = versions.data?.versions.find((version) => version.status === 'ready');
  const lenderPath = `/admin/lenders/${encodeURIComponent(lenderId)}`;

  return (
    <AppShell>
      <PageHeader
        title={lender ? `${lender.name} programs` : 'Lender programs'}
        description="Each month's program is a version of its own: importing a new month keeps the earlier ones readable."
        actions={
          <>
            <Link to="/admin/lenders" className={buttonClassName({ variant: 'secondary' })}>
              Back to Lenders
            </Link>
            {lender && (
              <Link to={`${lenderPath}/import`} className={buttonClassName()}>
                Import a month
              </Link>
            )}
          </>
        }
      />
      {versions.isPending ? (
        <LoadingBlock label="Loading the lender's programs" />
      ) : versions.isError ? (
        <div className={styles.empty}>
          <p role="alert" className={styles.emptyTitle}>
            {versions.error.message}
          </p>
          <Button variant="secondary" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </div>
      ) : versions.data.versions.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No programs yet</p>
          <p>Import this lender&apos;s program for a month from a CSV file.</p>
        </div>
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <caption className="visually-hidden">Programs by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Status</th>
                <th scope="col">Rows</th>
                <th scope="col">File</th>
                <th scope="col">Imported</th>
              </tr>
            </thead>
            <tbody>
              {versions.data.versions.map((version) => (
                <tr key={version.month}>
                  <th scope="row">
                    <Link to={`${lenderPath}/${version.month}`}>{monthLabel(version.month)}</Link>
                  </th>
                  <td>
                    {version.status === 'importing' ? (
                      <>
                        <Badge variant="warning">Importing</Badge>{' '}
                        <Link to={`${lenderPath}/import`}>Resume with the same file</Link>
                      </>
                    ) : version === newest ? (
                      <Badge variant="success">Newest</Badge>
                    ) : (
                      <Badge>Earlier</Badge>
                    )}
                  </td>
                  <td className={tableStyles.number}>
                    {version.status === 'importing'
                      ? `${version.cursor.toLocaleString('en-US')} of ${version.total.toLocaleString('en-US')}`
                      : version.total.toLocaleString('en-US')}
                  </td>
                  <td>{version.fileName}</td>
                  <td>{formatDateTime(version.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AppShell>
  );
}
