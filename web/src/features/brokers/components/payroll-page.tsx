/**
 * /admin/commission (admins): commission payroll (docs/decisions.md, "Commission ledger"). A month navigator (the
 * previous month by default, since only ended months can be paid), one row per broker with the statement's totals
 * (opening, earned, paid, closing) and its payout state, each broker's statement, "Mark paid" for an ended month not
 * paid yet, "Add adjustment", and "Export CSV": the month's rows for payroll, written by the app's one CSV encoder.
 * One API call renders it (GET /admin/commission?month=).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CommissionMonthResponse } from '@shared/brokers/commission-api';
import { saveCsvFile } from '@web/components/export-button/export-button';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import tableStyles from '@web/components/ui/table.module.css';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { ERROR_LOADING_PAYROLL, usePayroll } from '../api/commission';
import { canMarkPaid, formatCents, payoutLine, payoutState, payrollCsv } from '../commission-format';
import { addMonths, currentMonth, monthLabel, type MonthKey } from '../month';
import { AdjustmentDialog, PayoutDialog } from './commission-dialogs';
import styles from './commission.module.css';
import { MonthNavigator, useMonthParam } from './month-navigator';

export const NO_PAYROLL_ROWS_MESSAGE = 'No broker has a commission statement for this month.';

export function PayrollPage() {
  useDocumentTitle('Commission Payroll');
  const [month, setMonth] = useMonthParam(addMonths(currentMonth(), -1));
  const payroll = usePayroll(month);
  const [paying, setPaying] = useState<string>();
  const [adjusting, setAdjusting] = useState(false);

  useEffect(() => {
    if (!payroll.error) return;
    logger.error('Loading payroll failed', payroll.error);
    toast({ title: ERROR_LOADING_PAYROLL, description: payroll.error.message, variant: 'destructive' });
  }, [payroll.error]);

  const data = payroll.data;
  // The row as the screen holds it now: a reload after a refused payout shows the dialog the new balance.
  const payingRow = data?.month === month ? data.statements.find((row) => row.brokerId === paying) : undefined;

  return (
    <AppShell>
      <div className={styles.page}>
        <PageHeader
          title="Commission Payroll"
          description="Each broker's commission statement of the month: pay ended months, add bonuses, spiffs and chargebacks."
          actions={
            <>
              <Button variant="secondary" onClick={() => setAdjusting(true)} disabled={!data}>
                Add Adjustment
              </Button>
              <PayrollExportButton data={data?.month === month ? data : undefined} />
              <Link to="/admin/brokers" className={buttonClassName({ variant: 'secondary' })}>
                Broker Performance
              </Link>
              {/* The log of closed deals sits beside the money they earned (docs/decisions.md, "Brokered-vehicle log"). */}
              <Link to="/admin/brokered-vehicles" className={buttonClassName({ variant: 'secondary' })}>
                Brokered Vehicles
              </Link>
            </>
          }
        />
        <MonthNavigator month={month} onChange={setMonth} />
        {data ? (
          <PayrollTable data={data} busy={payroll.isPlaceholderData} onPay={setPaying} />
        ) : payroll.isError ? (
          <div>
            <p>{ERROR_LOADING_PAYROLL}</p>
            <Button variant="secondary" onClick={() => void payroll.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <LoadingBlock label="Loading payroll" />
        )}
      </div>
      <PayoutDialog statement={payingRow} currentMonth={data?.currentMonth ?? ''} onClose={() => setPaying(undefined)} />
      <AdjustmentDialog open={adjusting} brokers={data?.statements ?? []} onClose={() => setAdjusting(false)} />
    </AppShell>
  );
}

function PayrollTable({
  data,
  busy,
  onPay,
}: {
  data: CommissionMonthResponse;
  busy: boolean;
  onPay: (brokerId: string) => void;
}) {
  if (data.statements.length === 0) return <p aria-busy={busy}>{NO_PAYROLL_ROWS_MESSAGE}</p>;
  const month = data.month as MonthKey;
  return (
    <div className={tableStyles.tableWrap} aria-busy={busy}>
      <table className={`${tableStyles.table} ${styles.stacked}`} aria-label={`Commission statements, ${monthLabel(month)}`}>
        <thead>
          <tr>
            <th scope="col">Broker</th>
            <th scope="col" className={tableStyles.number}>
              Opening
            </th>
            <th scope="col" className={tableStyles.number}>
              Earned
            </th>
            <th scope="col" className={tableStyles.number}>
              Paid
            </th>
            <th scope="col" className={tableStyles.number}>
              Closing
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.statements.map((row) => (
            <tr key={row.brokerId}>
              <th scope="row">{row.fullName}</th>
              <td className={tableStyles.number} data-label="Opening">
                {formatCents(row.openingCents)}
              </td>
              <td className={tableStyles.number} data-label="Earned">
                {formatCents(row.earnedCents)}
              </td>
              <td className={tableStyles.number} data-label="Paid">
                {formatCents(row.paidCents)}
              </td>
              <td className={tableStyles.number} data-label="Closing">
                {formatCents(row.closingCents)}
              </td>
              <td data-label="Status">
                <Badge variant={row.payout ? 'success' : row.locked ? 'neutral' : 'warning'}>
                  {payoutState(row, data.currentMonth)}
                </Badge>
                {row.payout && <div className={styles.muted}>{payoutLine(row.payout)}</div>}
              </td>
              <td>
                <div className={styles.rowActions}>
                  <Link
                    to={`/admin/commission/${encodeURIComponent(row.brokerId)}?month=${month}`}
                    className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    aria-label={`Statement of ${row.fullName}`}
                  >
                    Statement
                  </Link>
                  {canMarkPaid(row, data.currentMonth) && (
                    <Button size="sm" onClick={() => onPay(row.brokerId)} aria-label={`Mark paid: ${row.fullName}`}>
                      Mark Paid
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Export CSV": the month on screen, as loaded (no second request); guarded from the first click. */
function PayrollExportButton({ data }: { data: CommissionMonthResponse | undefined }) {
  const running = useRef(false);
  const exportMonth = () => {
    if (!data || running.current) return;
    running.current = true;
    try {
      saveCsvFile([payrollCsv(data)], `leasedesk-commission-${data.month}.csv`);
    } catch (error) {
      logger.error('Exporting payroll failed', error);
      toast({ title: 'Could not export payroll', description: (error as Error).message, variant: 'destructive' });
    } finally {
      running.current = false;
    }
  };
  return (
    <Button variant="secondary" onClick={exportMonth} disabled={!data}>
      Export CSV
    </Button>
  );
}
