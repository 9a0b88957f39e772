/**
 * /dealerships: search by name, location or contact name; the stats; the table (Name, Location, Contact, Phone,
 * Email, Website, Live Vehicles, Units Sold (6mo), Actions). Admins add and edit in a dialog, delete after a
 * confirmation and manage dealer logins; brokers see "View Only". Dealers and consumers never get here (guard).
 */
import { formatPhone } from '@shared/format';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DealershipView } from '@shared/dealerships/api';
import { AdfAddressDialog } from '@web/components/adf-address/adf-address-dialog';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { logger } from '@web/lib/logger';
import { useDealerships, useDeleteDealership } from '../api/dealerships';
import { DealerUsersDialog } from './dealer-users-dialog';
import { DealershipFormDialog } from './dealership-form-dialog';
import tableStyles from '@web/components/ui/table.module.css';
import styles from './dealerships.module.css';

const SEARCH_DEBOUNCE_MS = 300;

export const DELETE_DEALERSHIP_CONFIRM = 'Are you sure you want to delete this dealership?';

type Editing = { mode: 'add' } | { mode: 'edit'; dealership: DealershipView } | null;

export function DealershipsPage() {
  const user = useRequiredUser();
  const isAdmin = user.role === 'admin';
  const [search, setSearch] = useState('');
  // The API is asked once typing pauses, not per key.
  const dealerships = useDealerships(useDebouncedValue(search, SEARCH_DEBOUNCE_MS));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DealershipView | null>(null);
  const [managingDealers, setManagingDealers] = useState<DealershipView | null>(null);
  const [leadAddressOf, setLeadAddressOf] = useState<DealershipView | null>(null);
  const remove = useDeleteDealership();
  useDocumentTitle('Dealerships');

  useEffect(() => {
    if (!dealerships.error) return;
    logger.error('Loading dealerships failed', dealerships.error);
    toast({ title: 'Error loading dealerships', description: dealerships.error.message, variant: 'destructive' });
  }, [dealerships.error]);

  const stats = dealerships.data?.pages[0]?.stats;
  const rows = dealerships.data?.pages.flatMap((page) => page.dealerships) ?? [];

  return (
    <AppShell>
      <PageHeader
        title="Dealerships"
        description="Dealer partners, their contacts and how much they move."
        actions={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to Dashboard
            </Link>
            {isAdmin ? (
              <Button onClick={() => setEditing({ mode: 'add' })}>Add Dealership</Button>
            ) : (
              <Badge variant="neutral">View Only</Badge>
            )}
          </>
        }
      />

      <ul className={styles.stats} aria-label="Dealership stats">
        <Stat label="Dealerships" value={stats?.dealerships} />
        <Stat label="Live Vehicles" value={stats?.liveVehicles} />
        <Stat label="Units Sold (6mo)" value={stats?.unitsSold6Months} />
      </ul>

      <div className={styles.search}>
        <label htmlFor="dealership-search" className="visually-hidden">
          Search dealerships
        </label>
        <Input
          id="dealership-search"
          type="search"
          placeholder="Search by name, location, or contact..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      {dealerships.isPending || (rows.length === 0 && dealerships.readingOn) ? (
        <LoadingBlock label="Loading dealerships" />
      ) : rows.length === 0 ? (
        <p className={styles.empty}>No dealerships found</p>
      ) : (
        <div className={tableStyles.tableWrap} aria-busy={dealerships.isFetching}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                {['Name', 'Location', 'Contact', 'Phone', 'Email', 'Website', 'Live Vehicles', 'Units Sold (6mo)', 'Actions'].map(
                  (heading) => (
                    <th key={heading} scope="col">
                      {heading}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((dealership) => (
                <tr key={dealership.id}>
                  <th scope="row">{dealership.name}</th>
                  <td>{dealership.location}</td>
                  <td>{dealership.contactName ?? '—'}</td>
                  <td>
                    {dealership.contactPhone ? (
                      <a href={`tel:${dealership.contactPhone}`}>{formatPhone(dealership.contactPhone)}</a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    {dealership.contactEmail ? <a href={`mailto:${dealership.contactEmail}`}>{dealership.contactEmail}</a> : '—'}
                  </td>
                  <td>
                    {dealership.website ? (
                      <a href={dealership.website} target="_blank" rel="noopener noreferrer">
                        {dealership.website.replace(/^https?:\/\//, '')}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={tableStyles.number}>{dealership.liveVehicles}</td>
                  <td className={tableStyles.number}>{dealership.unitsSold6Months}</td>
                  <td>
                    {isAdmin ? (
                      <div className={styles.actions}>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setEditing({ mode: 'edit', dealership })}
                          aria-label={`Edit ${dealership.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setManagingDealers(dealership)}
                          aria-label={`Dealer logins of ${dealership.name}`}
                        >
                          Dealers
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setLeadAddressOf(dealership)}
                          aria-label={`ADF lead address of ${dealership.name}`}
                        >
                          ADF
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          onClick={() => setDeleting(dealership)}
                          aria-label={`Delete ${dealership.name}`}
                        >
                          Delete
                        </Button>
                      </div>
                    ) : (
                      <span className={styles.muted}>View Only</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {dealerships.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                isLoading={dealerships.isFetchingNextPage}
                onClick={() => void dealerships.fetchNextPage()}
              >
                Load more dealerships
              </Button>
            </div>
          )}
        </div>
      )}

      {isAdmin && (
        <>
          <DealershipFormDialog
            open={editing !== null}
            dealership={editing?.mode === 'edit' ? editing.dealership : undefined}
            onClose={() => setEditing(null)}
          />
          <DealerUsersDialog dealership={managingDealers} onClose={() => setManagingDealers(null)} />
          <AdfAddressDialog
            owner={leadAddressOf?.id ?? null}
            ownerName={leadAddressOf?.name ?? ''}
            onClose={() => setLeadAddressOf(null)}
          />
          <Dialog
            open={deleting !== null}
            onClose={() => setDeleting(null)}
            title="Delete Dealership"
            description={DELETE_DEALERSHIP_CONFIRM}
          >
            <DialogActions>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                isLoading={remove.isPending}
                onClick={() => {
                  if (!deleting) return;
                  remove.mutate(deleting, { onSettled: () => setDeleting(null) });
                }}
              >
                Delete
              </Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </AppShell>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <li className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value ?? '—'}</span>
    </li>
  );
}
