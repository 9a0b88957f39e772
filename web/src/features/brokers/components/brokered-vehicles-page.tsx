/**
 * /admin/brokered-vehicles (admins; the route guard sends anyone else home; docs/decisions.md, "Brokered-vehicle
 * log"): the brokerage's log of every vehicle whose deal reached closing, for a range of closing days (UTC, at most 366
 * days): closing date, client, VIN, dealership, fee and broker, oldest first, and the range's CSV. The range lives in
 * the address, so a reload or a shared link shows the same lines; it opens on this month so far.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BROKERED_VEHICLE_MESSAGES, isCalendarDay, rangeProblem } from '@shared/brokers/brokered-vehicles';
import { brokeredVehiclesQuerySchema } from '@shared/brokers/brokered-vehicles-api';
import { formatDate, formatMoneyCents } from '@shared/format';
import { ExportButton } from '@web/components/export-button/export-button';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { brokeredVehiclesExportPath, useBrokeredVehicles, type LogRange } from '../api/brokered-vehicles';
import tableStyles from '@web/components/ui/table.module.css';
import styles from './brokered-vehicles.module.css';

const rangeSchema = brokeredVehiclesQuerySchema;

/** This month so far, in UTC days (the log's days). */
function defaultRange(now: Date): LogRange {
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The range in the address, when it is a usable one; else null (the form says what is wrong once submitted). */
function rangeOf(params: URLSearchParams): LogRange | null {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return isCalendarDay(from) && isCalendarDay(to) && !rangeProblem(from, to) ? { from, to } : null;
}

export function BrokeredVehiclesPage() {
  useDocumentTitle('Brokered Vehicles');
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange(new Date());
  const range = params.has('from') || params.has('to') ? rangeOf(params) : fallback;
  const log = useBrokeredVehicles(range);
  const form = useZodForm(rangeSchema, {
    defaultValues: { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to },
  });

  useEffect(() => {
    if (!log.error) return;
    logger.error('Loading the brokered-vehicle log failed', log.error);
    toast({ title: BROKERED_VEHICLE_MESSAGES.loadError, description: log.error.message, variant: 'destructive' });
  }, [log.error]);

  const lines = log.data?.pages.flatMap((page) => page.lines) ?? [];

  return (
    <AppShell>
      <PageHeader
        title="Brokered Vehicles"
        description="Every vehicle whose deal reached closing, with its client, VIN, dealership, fee and broker. Kept when deals are archived or deleted."
      />
      <div className={styles.stack}>
        <Form
          form={form}
          aria-label="Closing dates"
          className={styles.range}
          onSubmit={async (values) => {
            const next = new URLSearchParams({ from: values.from, to: values.to });
            setParams(next);
            // The same range again reads again (deals may have closed since).
            if (next.toString() === params.toString()) await log.refetch();
          }}
        >
          <TextField name="from" label="Closed from" type="date" hint="UTC days, both included" />
          <TextField name="to" label="Closed to" type="date" hint="At most 366 days after the first" />
          <div className={styles.rangeActions}>
            <SubmitButton block={false} size="md" pendingLabel="Showing...">
              Show vehicles
            </SubmitButton>
            <ExportButton
              path={range ? brokeredVehiclesExportPath(range) : ''}
              fileName={range ? `leasedesk-brokered-vehicles-${range.from}-to-${range.to}.csv` : ''}
              label="brokered vehicles"
              disabled={!range}
            />
          </div>
        </Form>
        <section aria-label="Brokered vehicles" aria-live="polite" className={styles.stack}>
          {!range ? (
            <div className={styles.empty}>
              <p>Choose the first and last closing day to see the vehicles.</p>
            </div>
          ) : log.isPending ? (
            <LoadingBlock label="Loading brokered vehicles" />
          ) : log.isError ? (
            <div className={styles.empty}>
              <p role="alert" className={styles.emptyTitle}>
                {BROKERED_VEHICLE_MESSAGES.loadError}
              </p>
              <Button variant="secondary" onClick={() => void log.refetch()}>
                Try again
              </Button>
            </div>
          ) : lines.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>{BROKERED_VEHICLE_MESSAGES.empty}</p>
              <p>
                {formatDate(range.from)} to {formatDate(range.to)}: no deal reached closing.
              </p>
            </div>
          ) : (
            <>
              <div className={tableStyles.tableWrap}>
                <table className={tableStyles.table}>
                  <caption className="visually-hidden">
                    Brokered vehicles closed from {formatDate(range.from)} to {formatDate(range.to)}
                  </caption>
                  <thead>
                    <tr>
                      {['Closed', 'Client', 'VIN', 'Dealership', 'Fee', 'Broker'].map((heading) => (
                        <th key={heading} scope="col" className={heading === 'Fee' ? styles.number : undefined}>
                          {heading}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((line) => (
                      <tr key={line.dealId}>
                        <th scope="row">{formatDate(line.closedAt.slice(0, 10))}</th>
                        <td>{line.clientName ?? '—'}</td>
                        <td>
                          <span className={styles.vin}>{line.vin ?? '—'}</span>
                          {line.vehicle && (
                            <>
                              <br />
                              <Link to={`/deals/${line.dealId}`} className={styles.muted}>
                                {line.vehicle}
                              </Link>
                            </>
                          )}
                        </td>
                        <td>{line.dealershipName ?? '—'}</td>
                        <td className={styles.number}>{formatMoneyCents(line.feeCents / 100)}</td>
                        <td>{line.brokerName ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {log.hasNextPage && (
                <div className={styles.more}>
                  <Button variant="secondary" isLoading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                    {log.isFetchingNextPage ? 'Loading more…' : 'Load more'}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </AppShell>
  );
}
