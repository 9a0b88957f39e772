/**
 * /clients, "Manage Clients" (docs/decisions.md, "Clients screen"): the searched table of clients (Name, Email, Phone,
 * Credit Score, Past Purchases, Actions) under "All Clients (n)", paged by "Load more". Admins and brokers add and edit
 * clients in a dialog, open a client's Past Purchases and start a deal for a client; admins delete after the browser's
 * confirm; "Invite to Portal" (the client's broker and admins: docs/security.md, "Ownership") sends the client a consumer
 * signup link at the contact details on file. "Tasks" (admins and approved brokers) opens the client's open tasks in
 * a dialog, also opened by `?tasks=<id>`, the link of a client's task (docs/decisions.md, "Tasks"). Dealers and
 * consumers never get here (guard).
 */
import { formatPhone } from '@shared/format';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLIENTS_SEARCH_PLACEHOLDER, DELETE_CLIENT_CONFIRM, NO_CLIENTS_MESSAGE, type ClientView } from '@shared/clients/api';
import { mayInviteClient } from '@shared/invitations/schemas';
import { CLIENT_TASKS_PARAM } from '@shared/tasks/links';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { can } from '@web/lib/authorization';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useClient, useClients, useDeleteClient } from '../api/clients';
import { ClientFormDialog } from './client-form-dialog';
import { ClientTasksDialog } from './client-tasks-dialog';
import { InviteToPortalButton, InviteToPortalDialog } from './invite-to-portal-dialog';
import tableStyles from '@web/components/ui/table.module.css';
import styles from './clients.module.css';
import { PastPurchasesDialog } from './past-purchases-dialog';
import { ExportButton } from '@web/components/export-button/export-button';

/** The search asks the API once typing pauses. */
const SEARCH_DELAY_MS = 300;

type Editing = { mode: 'add' } | { mode: 'edit'; client: ClientView } | null;

export function ClientsPage() {
  useDocumentTitle('Clients');
  const user = useRequiredUser();
  // The API lets the callers who may create deals (admins, approved and licensed brokers) add and edit clients
  // too: the deal form's "New Client" dialog is the same write.
  const mayWriteClients = can(user, 'deals:write');
  // `?q=` opens the list searched (the global search opens a client this way: docs/decisions.md, "Global search").
  const [params, setParams] = useSearchParams();
  const linkedSearch = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(linkedSearch);
  useEffect(() => setSearchText(linkedSearch), [linkedSearch]);
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const searchId = useId();
  const headingId = useId();
  const clients = useClients(search);
  const remove = useDeleteClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [purchasesOf, setPurchasesOf] = useState<ClientView | null>(null);
  const [inviting, setInviting] = useState<ClientView | null>(null);

  useEffect(() => {
    if (!clients.error) return;
    logger.error('Loading clients failed', clients.error);
    toast({ title: 'Error loading clients', description: clients.error.message, variant: 'destructive' });
  }, [clients.error]);

  const first = clients.data?.pages[0];
  const total = first?.total;
  // The API says who may delete (admins); the server refuses anyone else whatever the screen shows.
  const mayDelete = first?.canDelete ?? false;
  const rows = clients.data?.pages.flatMap((page) => page.clients) ?? [];
  // A searched page may come back empty with more to read: an own-book broker's search reads their own clients a few
  // pages at a time (docs/decisions.md, "Clients screen"). Read on until a match shows or the list ends, so the screen
  // never says there are no clients while matches lie further on.
  const searchingFurther = rows.length === 0 && !!clients.hasNextPage && !clients.isError && !clients.isPlaceholderData;
  const { fetchNextPage, isFetchingNextPage } = clients;
  useEffect(() => {
    if (searchingFurther && !isFetchingNextPage) void fetchNextPage();
  }, [searchingFurther, isFetchingNextPage, fetchNextPage]);

  // `?tasks=<id>` opens that client's tasks (the row action sets it, so the dialog has an address to link to).
  const mayUseTasks = can(user, 'tasks:use');
  const tasksOf = mayUseTasks ? params.get(CLIENT_TASKS_PARAM) : null;
  const listedTasksClient = tasksOf ? rows.find((client) => client.id === tasksOf) : undefined;
  // A linked client the loaded page does not hold is read on its own, for its name.
  const tasksClient = useClient(tasksOf, tasksOf !== null && !clients.isPending && !listedTasksClient);
  const tasksClientName = listedTasksClient?.fullName ?? tasksClient.data?.fullName ?? null;
  const setTasksOf = (clientId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (clientId) next.set(CLIENT_TASKS_PARAM, clientId);
      else next.delete(CLIENT_TASKS_PARAM);
      return next;
    });

  const confirmDelete = (client: ClientView) => {
    // The product asks for the browser's own confirm here (the deal and dealership deletes use a dialog).
    if (window.confirm(DELETE_CLIENT_CONFIRM)) remove.mutate(client);
  };

  return (
    <AppShell>
      <PageHeader
        title="Manage Clients"
        description="Your clients, their details and the deals they have made."
        actions={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to Dashboard
            </Link>
            <ExportButton kind="clients" />
            {mayWriteClients && (
              <Link to="/clients/import" className={buttonClassName({ variant: 'secondary' })}>
                Import CSV
              </Link>
            )}
            {mayWriteClients && <Button onClick={() => setEditing({ mode: 'add' })}>Add Client</Button>}
          </>
        }
      />

      <section aria-labelledby={headingId}>
        <div className={styles.toolbar}>
          <h2 id={headingId} className={styles.heading}>
            All Clients ({total ?? '…'})
          </h2>
          <div className={styles.search}>
            <label htmlFor={searchId} className="visually-hidden">
              Search clients
            </label>
            <Input
              id={searchId}
              type="search"
              placeholder={CLIENTS_SEARCH_PLACEHOLDER}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>

        {clients.isPending || searchingFurther ? (
          <LoadingBlock label="Loading clients" />
        ) : clients.isError && rows.length === 0 ? (
          <p className={styles.empty} role="alert">
            Error loading clients
          </p>
        ) : rows.length === 0 ? (
          <p className={styles.empty}>{NO_CLIENTS_MESSAGE}</p>
        ) : (
          <>
            <div className={tableStyles.tableWrap} aria-busy={clients.isFetching}>
              <table className={`${tableStyles.table} ${styles.cardsOnPhone}`} aria-labelledby={headingId}>
                <thead>
                  <tr>
                    {['Name', 'Email', 'Phone', 'Credit Score', 'Past Purchases', 'Actions'].map((heading) => (
                      <th key={heading} scope="col">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((client) => (
                    <tr key={client.id}>
                      <th scope="row">{client.fullName}</th>
                      <td data-label="Email">{client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : '—'}</td>
                      <td data-label="Phone">
                        {client.phone ? <a href={`tel:${client.phone}`}>{formatPhone(client.phone)}</a> : '—'}
                      </td>
                      <td className={tableStyles.number} data-label="Credit Score">
                        {client.creditScore ?? '—'}
                      </td>
                      <td data-label="Past Purchases">
                        <Button
                          size="sm"
                          variant="link"
                          onClick={() => setPurchasesOf(client)}
                          aria-label={`Past purchases of ${client.fullName}`}
                        >
                          View
                        </Button>
                      </td>
                      <td data-label="Actions">
                        <div className={styles.actions}>
                          {mayWriteClients && (
                            <Link
                              to={`/deals/new?clientId=${encodeURIComponent(client.id)}`}
                              className={buttonClassName({ size: 'sm' })}
                              aria-label={`Create deal for ${client.fullName}`}
                            >
                              Create Deal
                            </Link>
                          )}
                          {mayUseTasks && (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setTasksOf(client.id)}
                              aria-label={`Tasks of ${client.fullName}`}
                            >
                              Tasks
                            </Button>
                          )}
                          {mayWriteClients && mayInviteClient(user, client) && (
                            <InviteToPortalButton client={client} onClick={() => setInviting(client)} />
                          )}
                          {mayWriteClients && (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setEditing({ mode: 'edit', client })}
                              aria-label={`Edit ${client.fullName}`}
                            >
                              Edit
                            </Button>
                          )}
                          {mayDelete && (
                            <Button
                              size="sm"
                              variant="destructive"
                              isLoading={remove.isPending && remove.variables.id === client.id}
                              onClick={() => confirmDelete(client)}
                              aria-label={`Delete ${client.fullName}`}
                            >
                              Delete
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {clients.hasNextPage && (
              <div className={styles.more}>
                <Button variant="secondary" isLoading={clients.isFetchingNextPage} onClick={() => void clients.fetchNextPage()}>
                  {clients.isFetchingNextPage ? 'Loading more…' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>

      <ClientFormDialog
        open={editing !== null}
        client={editing?.mode === 'edit' ? editing.client : undefined}
        mayReassign={can(user, 'brokers:manage')}
        onClose={() => setEditing(null)}
      />
      <PastPurchasesDialog client={purchasesOf} onClose={() => setPurchasesOf(null)} />
      <ClientTasksDialog client={tasksOf ? { id: tasksOf, fullName: tasksClientName } : null} onClose={() => setTasksOf(null)} />
      <InviteToPortalDialog
        client={inviting}
        onClose={() => setInviting(null)}
        onEditClient={(client) => {
          setInviting(null);
          setEditing({ mode: 'edit', client });
        }}
      />
    </AppShell>
  );
}
