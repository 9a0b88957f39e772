/**
 * /leads, the lead inbox (docs/decisions.md, "Leads"): newest first, each lead's age ("3 min ago", re-rendered every
 * 30 s) and a "Waiting > 5 min" mark (icon and words, not colour alone) on new leads nobody has answered in the 5 minutes
 * the shopper was promised; "E-mail notice failed" when the new-lead e-mail did not go out. Admins filter by status
 * and broker; brokers by status (their inbox holds their leads and the open pool). "Load more" pages. One call.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  LEADS_TITLE,
  NO_LEADS_MESSAGE,
  NO_MATCHING_LEADS_MESSAGE,
  type LeadStatus,
} from '@shared/leads/api';
import { LEAD_AGE_TICK_MS, formatLeadAge } from '@shared/leads/rules';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { AsyncCombobox } from '@web/components/ui/async-combobox';
import { Card } from '@web/components/ui/card';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { searchBrokers, useLeads, type LeadFilters } from '../api/leads';
import { useNow } from '../use-now';
import { LeadMarks, LeadStatusBadge } from './lead-badges';
import styles from './leads.module.css';
import { ExportButton } from '@web/components/export-button/export-button';

const ALL = 'all';
const ALL_BROKERS = { value: ALL, label: 'All brokers' };

export function LeadsPage() {
  useDocumentTitle(LEADS_TITLE);
  const user = useRequiredUser();
  const isAdmin = user.role === 'admin';
  const [filters, setFilters] = useState<LeadFilters>({});
  const leads = useLeads(filters);
  const now = useNow(LEAD_AGE_TICK_MS);
  const statusId = useId();
  const brokerId = useId();
  const headingId = useId();

  useEffect(() => {
    if (!leads.error) return;
    logger.error('Loading leads failed', leads.error);
    toast({ title: 'Error loading leads', description: leads.error.message, variant: 'destructive' });
  }, [leads.error]);

  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  const filtered = filters.status !== undefined || filters.brokerId !== undefined;
  const statusOptions = [
    { value: ALL, label: 'All statuses' },
    ...LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] })),
  ];

  return (
    <AppShell>
      <PageHeader
        title={LEADS_TITLE}
        description="Quote requests from the website. Shoppers were promised a reply in under 5 minutes."
        actions={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to Dashboard
            </Link>
            <ExportButton kind="leads" />
          </>
        }
      />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          Lead inbox
        </h2>
        <div className={styles.filters}>
          <div className={styles.filter}>
            <label htmlFor={statusId} className={styles.filterLabel}>
              Status
            </label>
            <Select
              id={statusId}
              options={statusOptions}
              value={filters.status ?? ALL}
              onValueChange={(value) =>
                setFilters((current) => ({ ...current, status: value === ALL ? undefined : (value as LeadStatus) }))
              }
            />
          </div>
          {isAdmin && (
            <div className={styles.filter}>
              <label htmlFor={brokerId} className={styles.filterLabel}>
                Broker
              </label>
              <AsyncCombobox
                id={brokerId}
                queryKey={['brokers', 'assignable', 'filter']}
                searchLabel="Search brokers"
                knownChoices={[ALL_BROKERS]}
                value={filters.brokerId ?? ALL}
                // Loaded when the filter opens, not with the screen: the inbox itself is one call.
                search={async (query, signal) => [ALL_BROKERS, ...(await searchBrokers(query, signal))]}
                onValueChange={(value) => setFilters((current) => ({ ...current, brokerId: value === ALL ? undefined : value }))}
              />
            </div>
          )}
        </div>

        {leads.isPending ? (
          <LoadingBlock label="Loading leads" />
        ) : leads.isError && rows.length === 0 ? (
          <p className={styles.empty} role="alert">
            Error loading leads
          </p>
        ) : rows.length === 0 ? (
          <p className={styles.empty}>{filtered ? NO_MATCHING_LEADS_MESSAGE : NO_LEADS_MESSAGE}</p>
        ) : (
          <>
            <ul className={styles.list} aria-busy={leads.isFetching} aria-label="Leads, newest first">
              {rows.map((lead) => (
                <li key={lead.id}>
                  <Card className={styles.row}>
                    <div>
                      <Link to={`/leads/${encodeURIComponent(lead.id)}`} className={styles.name}>
                        {lead.firstName} {lead.lastName}
                      </Link>
                      <div className={styles.muted}>{lead.vehicleSummary}</div>
                    </div>
                    <div>
                      <div className={styles.marks}>
                        <LeadStatusBadge status={lead.status} />
                        <LeadMarks lead={lead} now={now} />
                      </div>
                      <div className={styles.muted}>
                        <time dateTime={lead.createdAt}>{formatLeadAge(lead.createdAt, now)}</time>
                        {' · '}
                        {lead.assignee
                          ? `Assigned to ${lead.assignee.fullName}`
                          : lead.agent
                            ? `Asked for ${lead.agent.fullName}`
                            : 'Unassigned'}
                      </div>
                    </div>
                    <Link
                      to={`/leads/${encodeURIComponent(lead.id)}`}
                      className={buttonClassName({ size: 'sm', variant: 'secondary' })}
                      aria-label={`Open lead ${lead.firstName} ${lead.lastName}`}
                    >
                      Open
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
            {leads.hasNextPage && (
              <div className={styles.more}>
                <Button variant="secondary" isLoading={leads.isFetchingNextPage} onClick={() => void leads.fetchNextPage()}>
                  {leads.isFetchingNextPage ? 'Loading more…' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </AppShell>
  );
}
