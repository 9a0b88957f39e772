/**
 * /admin/brokers (admins; the route guard sends anyone else to / with "Access Denied"): the brokers awaiting
 * approval, a month navigator that stops at the current month, the team's month and 6-month chart, and a card per
 * broker with the month's figures, their own chart and Edit. One API call renders it (GET /admin/brokers?month=:
 * the lists and the month's figures with the series); a new month asks GET /admin/broker-stats for its figures only.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ERROR_LOADING_BROKERS,
  ERROR_LOADING_STATS,
  type BrokerMonthStats,
  type BrokerStatsResponse,
  type BrokerSummary,
} from '@shared/brokers/api';
import { formatDate } from '@shared/format';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useBrokerList, useBrokerStats } from '../api/admin-brokers';
import { commissionLabel, licenceLabel } from '../broker-format';
import { chartRows } from '../chart-data';
import { monthLabel, type MonthKey } from '../month';
import { BrokerDialog, type BrokerDialogTarget } from './broker-dialog';
import styles from './brokers.module.css';
import { MonthFiguresList } from './month-figures';
import { MonthNavigator, useMonthParam } from './month-navigator';
import { PerformanceFigure } from './performance-figure';

export function BrokersPage() {
  useDocumentTitle('Broker Performance');
  const [month, setMonth] = useMonthParam();
  const brokers = useBrokerList(month);
  const stats = useBrokerStats(month, !brokers.isPending);
  const [dialog, setDialog] = useState<BrokerDialogTarget>();

  useToastOnError(brokers.error, ERROR_LOADING_BROKERS, 'Loading the brokers failed');
  useToastOnError(stats.error, ERROR_LOADING_STATS, 'Loading the broker figures failed');

  return (
    <AppShell>
      <PageHeader
        title="Broker Performance"
        description="Approve new brokers, set their commission and follow each month's deals and fees."
        actions={
          <>
            <Link to="/admin/settings" className={buttonClassName({ variant: 'secondary' })}>
              Company Settings
            </Link>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back
            </Link>
          </>
        }
      />
      <div className={styles.page}>
        <PendingApprovals
          query={brokers}
          onApprove={(broker) => setDialog({ id: broker.id, fullName: broker.fullName, intent: 'approve' })}
        />
        <section className={styles.section} aria-labelledby="performance-title">
          <h2 id="performance-title" className={styles.sectionTitle}>
            Performance
          </h2>
          <MonthNavigator month={month} onChange={setMonth} />
          <MonthPerformance
            month={month}
            query={stats}
            onEdit={(broker) => setDialog({ id: broker.brokerId, fullName: broker.fullName, intent: 'edit' })}
          />
        </section>
      </div>
      <BrokerDialog target={dialog} onClose={() => setDialog(undefined)} />
    </AppShell>
  );
}

function useToastOnError(error: Error | null, title: string, logMessage: string): void {
  useEffect(() => {
    if (!error) return;
    logger.error(logMessage, error);
    toast({ title, description: error.message, variant: 'destructive' });
  }, [error, title, logMessage]);
}

function PendingApprovals({
  query,
  onApprove,
}: {
  query: ReturnType<typeof useBrokerList>;
  onApprove: (broker: BrokerSummary) => void;
}) {
  return (
    <section className={styles.section} aria-labelledby="pending-title">
      <h2 id="pending-title" className={styles.sectionTitle}>
        Pending Approvals
        {query.data && query.data.pending.length > 0 && (
          <>
            {' '}
            <Badge variant="warning">{query.data.pending.length}</Badge>
          </>
        )}
      </h2>
      {query.isPending ? (
        <LoadingBlock label="Loading brokers" />
      ) : query.isError ? (
        <div className={styles.empty}>
          <p>{ERROR_LOADING_BROKERS}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.pending.length === 0 ? (
        <p className={styles.muted}>No brokers are waiting for approval.</p>
      ) : (
        <ul className={styles.list} aria-label="Brokers awaiting approval">
          {query.data.pending.map((broker) => (
            <li key={broker.id} className={styles.listRow}>
              <div>
                <p className={styles.rowName}>{broker.fullName}</p>
                <p className={styles.rowMeta}>
                  {broker.email} · signed up {formatDate(broker.createdAt)} · {licenceLabel(broker)}
                  {broker.hasLicenseDocument && ' · license document on file'}
                </p>
              </div>
              <Button onClick={() => onApprove(broker)} aria-label={`Approve ${broker.fullName}`}>
                Approve
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MonthPerformance({
  month,
  query,
  onEdit,
}: {
  month: MonthKey;
  query: ReturnType<typeof useBrokerStats>;
  onEdit: (broker: BrokerMonthStats) => void;
}) {
  if (query.isPending) return <LoadingBlock label="Loading stats" />;
  if (query.isError && !query.data) {
    return (
      <div className={styles.empty}>
        <p>{ERROR_LOADING_STATS}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const stats = query.data;
  // While another month loads, the previous month stays, dimmed, under the new label.
  const busy = query.isPlaceholderData;
  return (
    <div className={styles.section} aria-busy={busy}>
      <TeamCard stats={stats} />
      {stats.brokers.length === 0 ? (
        <p className={styles.empty}>No approved brokers yet.</p>
      ) : (
        <ul className={styles.cards} aria-label={`Brokers in ${monthLabel(month)}`} aria-busy={busy}>
          {stats.brokers.map((broker) => (
            <li key={broker.brokerId}>
              <BrokerCard broker={broker} stats={stats} onEdit={() => onEdit(broker)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TeamCard({ stats }: { stats: BrokerStatsResponse }) {
  const last = stats.month as MonthKey;
  return (
    <Card as="section" aria-labelledby="team-title">
      <CardHeader>
        <CardTitle id="team-title">Team</CardTitle>
        <CardDescription>
          {monthLabel(last)} · {stats.brokers.length} {stats.brokers.length === 1 ? 'broker' : 'brokers'}
        </CardDescription>
      </CardHeader>
      <CardContent className={styles.section}>
        <MonthFiguresList figures={stats.team} wide />
        <PerformanceFigure title="Team, last 6 months" rows={chartRows(stats.series.team, last)} height={260} />
      </CardContent>
    </Card>
  );
}

function BrokerCard({ broker, stats, onEdit }: { broker: BrokerMonthStats; stats: BrokerStatsResponse; onEdit: () => void }) {
  const points = stats.series.perBroker.find((series) => series.brokerId === broker.brokerId)?.points ?? [];
  const titleId = `broker-${broker.brokerId}-title`;
  return (
    <Card as="article" aria-labelledby={titleId}>
      <CardHeader className={styles.cardTop}>
        <div>
          <CardTitle as="h3" id={titleId}>
            {broker.fullName}
          </CardTitle>
          <CardDescription>{commissionLabel(broker.commissionType, broker.commissionValue)}</CardDescription>
        </div>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${broker.fullName}`}>
          Edit
        </Button>
      </CardHeader>
      <CardContent className={styles.section}>
        <MonthFiguresList figures={broker} />
        <PerformanceFigure title={`${broker.fullName}, last 6 months`} rows={chartRows(points, stats.month as MonthKey)} />
      </CardContent>
    </Card>
  );
}
