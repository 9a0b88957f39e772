/**
 * A broker's monthly commission statement (docs/decisions.md, "Commission ledger"): a month navigator (the current
 * month by default), the opening balance, each entry (deal, client, vehicle, fees, the rate it was booked at,
 * amount; adjustments with their reason), earned, paid and the closing balance, and the payout when the month was
 * paid. Brokers read their own at /profile/commission; admins read any broker's at /admin/commission/:brokerId, from
 * the payroll screen. "Print" prints the statement alone (the print stylesheet hides the app's tools).
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { CommissionEntryView, StatementResponse } from '@shared/brokers/commission-api';
import { formatDate } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import tableStyles from '@web/components/ui/table.module.css';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { ERROR_LOADING_STATEMENT, useStatement } from '../api/commission';
import { entryLabel, entryRate, formatCents, payoutLine, payoutState } from '../commission-format';
import { monthLabel, type MonthKey } from '../month';
import styles from './commission.module.css';
import { MonthNavigator, useMonthParam } from './month-navigator';

export const NO_ENTRIES_MESSAGE = 'No commission entries this month.';

/** /profile/commission: the signed-in broker's own statement. */
export function OwnStatementPage() {
  const user = useRequiredUser();
  return <StatementScreen brokerId={user.userId} back={{ to: '/profile', label: 'Back to Profile' }} />;
}

/** /admin/commission/:brokerId: any broker's statement, for an admin (the route guard keeps others out). */
export function BrokerStatementPage() {
  const { brokerId = '' } = useParams();
  const [month] = useMonthParam();
  return <StatementScreen brokerId={brokerId} back={{ to: `/admin/commission?month=${month}`, label: 'Back to Payroll' }} />;
}

function StatementScreen({ brokerId, back }: { brokerId: string; back: { to: string; label: string } }) {
  useDocumentTitle('Commission Statement');
  const [month, setMonth] = useMonthParam();
  const statement = useStatement(brokerId, month);
  const notFound = isApiError(statement.error) && statement.error.status === 404;

  useEffect(() => {
    if (!statement.error || notFound) return;
    logger.error('Loading the commission statement failed', statement.error);
    toast({ title: ERROR_LOADING_STATEMENT, description: statement.error.message, variant: 'destructive' });
  }, [statement.error, notFound]);

  const data = statement.data;
  return (
    <AppShell>
      <div className={`${styles.page} ${styles.printable}`}>
        <PageHeader
          title="Commission Statement"
          description={data ? `${data.fullName} · ${monthLabel(month)}` : monthLabel(month)}
          actions={
            <span className={`${styles.toolbar} ${styles.noPrint}`}>
              <Button variant="secondary" onClick={() => window.print()} disabled={!data}>
                Print
              </Button>
              <Link to={back.to} className={buttonClassName({ variant: 'secondary' })}>
                {back.label}
              </Link>
            </span>
          }
        />
        <MonthNavigator month={month} onChange={setMonth} />
        {notFound ? (
          <p>No statement: commission statements are kept for brokers.</p>
        ) : data ? (
          <StatementBody statement={data} busy={statement.isPlaceholderData} />
        ) : statement.isError ? (
          <div>
            <p>{ERROR_LOADING_STATEMENT}</p>
            <Button variant="secondary" onClick={() => void statement.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <LoadingBlock label="Loading statement" />
        )}
      </div>
    </AppShell>
  );
}

function StatementBody({ statement, busy }: { statement: StatementResponse; busy: boolean }) {
  const totals = [
    { label: 'Opening balance', cents: statement.openingCents },
    { label: 'Earned', cents: statement.earnedCents },
    { label: 'Paid', cents: statement.paidCents },
    { label: 'Closing balance', cents: statement.closingCents },
  ];
  const state = payoutState(statement, statement.currentMonth);
  return (
    <div className={styles.page} aria-busy={busy}>
      <section aria-label="Totals" className={styles.page}>
        <dl className={styles.totals}>
          {totals.map(({ label, cents }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatCents(cents)}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Badge variant={statement.payout ? 'success' : 'neutral'}>{state}</Badge>
          {statement.payout && <> {payoutLine(statement.payout)}</>}
        </p>
      </section>
      <Card as="section" aria-labelledby="statement-entries-title">
        <CardHeader>
          <CardTitle id="statement-entries-title">Entries</CardTitle>
        </CardHeader>
        <CardContent>
          {statement.entries.length === 0 ? (
            <p>{NO_ENTRIES_MESSAGE}</p>
          ) : (
            <EntriesTable entries={statement.entries} month={statement.month as MonthKey} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function EntriesTable({ entries, month }: { entries: readonly CommissionEntryView[]; month: MonthKey }) {
  return (
    <div className={tableStyles.tableWrap}>
      <table className={`${tableStyles.table} ${styles.stacked}`} aria-label={`Commission entries, ${monthLabel(month)}`}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Entry</th>
            <th scope="col">Deal</th>
            <th scope="col">Client</th>
            <th scope="col">Vehicle</th>
            <th scope="col" className={tableStyles.number}>
              Fees
            </th>
            <th scope="col">Rate</th>
            <th scope="col" className={tableStyles.number}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.entryId}>
              <td data-label="Date">{formatDate(entry.dealClosedAt ?? entry.createdAt)}</td>
              <th scope="row">{entryLabel(entry)}</th>
              {entry.dealId ? (
                <>
                  <td>
                    <Link
                      to={`/deals/${entry.dealId}`}
                      aria-label={`Open deal: ${entry.vehicle ?? ''} for ${entry.clientName ?? ''}`}
                    >
                      Open deal
                    </Link>
                  </td>
                  <td data-label="Client">{entry.clientName ?? '—'}</td>
                  <td data-label="Vehicle">{entry.vehicle ?? '—'}</td>
                  <td className={tableStyles.number} data-label="Fees">
                    {entry.feeCents === null ? '—' : formatCents(entry.feeCents)}
                  </td>
                  <td data-label="Rate">{entryRate(entry)}</td>
                </>
              ) : (
                <td colSpan={5} className={styles.reason}>
                  {entry.reason ? `Reason: ${entry.reason}` : '—'}
                </td>
              )}
              <td className={tableStyles.number} data-label="Amount">
                {formatCents(entry.amountCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
