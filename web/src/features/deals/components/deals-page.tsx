/**
 * /deals: search (server-side, once typing pauses), status and make filters, deals grouped by client name in tiles
 * or a table (the choice remembered), paged by cursor. One API call renders the screen: the makes of the filter and
 * each group's count come with the page. Admins delete a deal after the confirmation. Dealers see their
 * dealership's deals only (the API decides).
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { DEAL_LIST_STATUSES, DEAL_STATUS_LABELS } from '@shared/deals/enums';
import {
  DEALS_SEARCH_PLACEHOLDER,
  NO_DEALS_HINT,
  NO_DEALS_TITLE,
  type DealCard as DealCardData,
  type DealListResponse,
  type DealListStatusFilter,
} from '@shared/deals/list-api';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import type { Choice } from '@web/components/ui/choice';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { can } from '@web/lib/authorization';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useDeals } from '../api/get-deals';
import { dealCountLabel, groupByClient, type DealsView } from '../deal-list';
import { dealName } from '../deal-format';
import { useDealsView } from '../use-deals-view';
import { DEAL_TABLE_HEADINGS, DealCard, DealRow } from './deal-card';
import { DeleteDealDialog } from './delete-deal-dialog';
import tableStyles from '@web/components/ui/table.module.css';
import groupStyles from '@web/components/ui/card-groups.module.css';
import styles from './deals.module.css';
import { ExportButton } from '@web/components/export-button/export-button';

const SEARCH_DELAY_MS = 300;
/** The make filter's "All Makes" value: Radix refuses an empty one, and no make can be "*". */
const ALL_MAKES = '*';

const STATUS_CHOICES: readonly Choice[] = [
  { value: 'all', label: 'All Status' },
  ...DEAL_LIST_STATUSES.map((status) => ({ value: status, label: DEAL_STATUS_LABELS[status] })),
];

export function DealsPage() {
  useDocumentTitle('Deals');
  const user = useRequiredUser();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<DealListStatusFilter>('all');
  const [make, setMake] = useState<string>();
  const [view, setView] = useDealsView();
  const [deleting, setDeleting] = useState<DealCardData | null>(null);
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const ids = useId();

  // The filters and groups stay on screen while the next answer loads.
  const list = useDeals({ search, status, make });

  useEffect(() => {
    if (!list.error) return;
    logger.error('Loading the deals failed', list.error);
    toast({ title: 'Error loading deals', description: list.error.message, variant: 'destructive' });
  }, [list.error]);

  const first: DealListResponse | undefined = list.data?.pages[0];
  const deals = list.data?.pages.flatMap((page) => page.items) ?? [];
  const groupCounts = new Map<string, number>();
  for (const page of list.data?.pages ?? []) for (const group of page.groups) groupCounts.set(group.key, group.count);
  const groups = groupByClient(deals, (key) => groupCounts.get(key));
  const makes = (first?.makes ?? []).map((entry) => entry.make);
  const makeChoices: Choice[] = [
    { value: ALL_MAKES, label: 'All Makes' },
    ...makes.map((name) => ({ value: name, label: name })),
    // A make chosen before a search narrowed the list stays choosable.
    ...(make && !makes.includes(make) ? [{ value: make, label: make }] : []),
  ];
  // The API says who may delete (admins); it refuses anyone else too.
  const mayDelete = first?.canDelete === true;
  const onDelete = mayDelete ? setDeleting : undefined;

  return (
    <AppShell>
      <PageHeader
        title="Deals"
        description={user.role === 'dealer' ? "Your dealership's deals." : 'Client deals, grouped by client.'}
        actions={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back
            </Link>
            {(user.role === 'admin' || user.role === 'broker') && (
              <Link to="/maturing-deals" className={buttonClassName({ variant: 'secondary' })}>
                Maturing
              </Link>
            )}
            {can(user, 'clients:view') && <ExportButton kind="deals" />}
            {can(user, 'deals:write') && (
              <Link to="/deals/new" className={buttonClassName()}>
                New Deal
              </Link>
            )}
          </>
        }
      />

      <div className={styles.toolbar}>
        <div className={styles.search}>
          <label htmlFor={`${ids}-search`} className="visually-hidden">
            Search deals
          </label>
          <Input
            id={`${ids}-search`}
            type="search"
            placeholder={DEALS_SEARCH_PLACEHOLDER}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className={styles.filter}>
          <label htmlFor={`${ids}-status`} className={styles.filterLabel}>
            Status
          </label>
          <Select
            id={`${ids}-status`}
            options={STATUS_CHOICES}
            value={status}
            onValueChange={(value) => setStatus(value as DealListStatusFilter)}
          />
        </div>
        <div className={styles.filter}>
          <label htmlFor={`${ids}-make`} className={styles.filterLabel}>
            Make
          </label>
          <Select
            id={`${ids}-make`}
            options={makeChoices}
            value={make ?? ALL_MAKES}
            onValueChange={(value) => setMake(value === ALL_MAKES ? undefined : value)}
          />
        </div>
        <ViewSwitch view={view} onChange={setView} />
      </div>

      {list.isPending ? (
        <LoadingBlock label="Loading deals" />
      ) : list.isError && deals.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>Error loading deals</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : deals.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{NO_DEALS_TITLE}</p>
          <p>{NO_DEALS_HINT}</p>
        </div>
      ) : (
        <div className={groupStyles.groups} aria-busy={list.isPlaceholderData || undefined}>
          {groups.map((group, index) => {
            const headingId = `${ids}-group-${index}`;
            return (
              <section key={group.key} aria-labelledby={headingId}>
                <h2 id={headingId} className={groupStyles.groupTitle}>
                  {group.name} <Badge variant="neutral">{dealCountLabel(group.count)}</Badge>
                </h2>
                {view === 'tile' ? (
                  <ul className={groupStyles.grid}>
                    {group.deals.map((deal) => (
                      <li key={deal.id}>
                        <DealCard deal={deal} onDelete={onDelete} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <div className={tableStyles.tableWrap}>
                    <table className={tableStyles.table} aria-labelledby={headingId}>
                      <thead>
                        <tr>
                          {DEAL_TABLE_HEADINGS.map((heading) => (
                            <th key={heading} scope="col">
                              {heading}
                            </th>
                          ))}
                          {onDelete && (
                            <th scope="col">
                              <span className="visually-hidden">Actions</span>
                            </th>
                          )}
                        </tr>
                      </thead>
                      <tbody>
                        {group.deals.map((deal) => (
                          <DealRow key={deal.id} deal={deal} onDelete={onDelete} />
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            );
          })}
          {list.hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" isLoading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}

      {mayDelete && (
        <DeleteDealDialog
          deal={deleting ? { id: deleting.id, name: dealName(deleting) } : null}
          onClose={() => setDeleting(null)}
        />
      )}
    </AppShell>
  );
}

function ViewSwitch({ view, onChange }: { view: DealsView; onChange: (view: DealsView) => void }) {
  return (
    <div role="group" aria-label="View" className={styles.viewSwitch}>
      <Button
        size="sm"
        variant={view === 'tile' ? 'primary' : 'secondary'}
        aria-pressed={view === 'tile'}
        onClick={() => onChange('tile')}
      >
        Tiles
      </Button>
      <Button
        size="sm"
        variant={view === 'list' ? 'primary' : 'secondary'}
        aria-pressed={view === 'list'}
        onClick={() => onChange('list')}
      >
        List
      </Button>
    </div>
  );
}
