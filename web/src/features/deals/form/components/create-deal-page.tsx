/**
 * /deals/new, "Create New Deal" (docs/decisions.md, "Deal form"): admins, and brokers once approved and licensed;
 * anyone else reads why and gets no form (the server refuses them anyway). A client can arrive preselected
 * (`?clientId=`, from the clients screen, with its name in the navigation state when known) and a vehicle prefilled
 * (`?vehicleId=`, from a marketplace vehicle page; the deal records it) or from a converted lead
 * (`?leadId=&year=&make=&model=&trim=`, and everything else the shopper typed in the navigation state's
 * `dealPrefill`: the deal records the lead). Success: "Deal created successfully" and the dashboard.
 */
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { DealCreate } from '@shared/deals/schemas';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { buttonClassName } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import type { Choice } from '@web/components/ui/choice';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser, type User } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { useSourceVehicle } from '../api/deal-form-choices';
import { useCreateDeal } from '../api/save-deal';
import { blankDeal, createDealBlockedReason, dealFromVehicle, type DealCreateStart } from '../deal-form-values';
import { dealFromLeadPrefill, dealFromQuery, leadPrefillOf } from '../query-prefill';
import { saveErrorToast } from '../save-error-toast';
import styles from './deal-form.module.css';
import { DealForm } from './deal-form';

/**
 * What the clients screen may pass along with `?clientId=`: the client's name, so the picker shows it at once; a
 * converted lead also passes its `dealPrefill` (read by leadPrefillOf).
 */
interface CreateDealState {
  client?: { id: string; fullName: string };
  dealPrefill?: unknown;
}

export function CreateDealPage() {
  useDocumentTitle('Create Deal');
  const user = useRequiredUser();
  const blocked = createDealBlockedReason(user);
  return (
    <AppShell>
      <PageHeader
        title="Create New Deal"
        actions={
          <Link to="/deals" className={buttonClassName({ variant: 'secondary' })}>
            Back to Deals
          </Link>
        }
      />
      {blocked ? <CannotCreateDeals reason={blocked} /> : <CreateDeal user={user} />}
    </AppShell>
  );
}

function CannotCreateDeals({ reason }: { reason: string }) {
  return (
    <Card>
      <CardContent className={styles.blocked}>
        <p role="status">{reason}</p>
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          Back to Dashboard
        </Link>
      </CardContent>
    </Card>
  );
}

function CreateDeal({ user }: { user: User }) {
  const [params] = useSearchParams();
  const state = useLocation().state as CreateDealState | null;
  const clientId = params.get('clientId') || null;
  const vehicleId = params.get('vehicleId') || null;
  const vehicle = useSourceVehicle(vehicleId);

  useEffect(() => {
    // The deal can still be created by hand; the vehicle is not recorded then.
    if (vehicle.isError) {
      toast({ title: 'Error loading data', description: 'The marketplace vehicle could not be loaded.', variant: 'destructive' });
    }
  }, [vehicle.isError]);

  if (vehicleId && vehicle.isPending) return <LoadingBlock label="Loading vehicle" />;
  let defaultValues = dealFromQuery(blankDeal({ user, clientId }), params);
  const leadPrefill = leadPrefillOf(state);
  if (leadPrefill && leadPrefill.clientId === clientId) defaultValues = dealFromLeadPrefill(defaultValues, leadPrefill);
  if (vehicle.data) defaultValues = dealFromVehicle(defaultValues, vehicle.data);
  const knownClients: Choice[] =
    state?.client && state.client.id === clientId ? [{ value: state.client.id, label: state.client.fullName }] : [];
  return <CreateDealForm user={user} defaultValues={defaultValues} knownClients={knownClients} />;
}

function CreateDealForm({
  user,
  defaultValues,
  knownClients,
}: {
  user: User;
  defaultValues: DealCreateStart;
  knownClients: Choice[];
}) {
  const navigate = useNavigate();
  const create = useCreateDeal();
  const save = async (deal: DealCreate) => {
    try {
      const created = await create.mutateAsync(deal);
      toast({ title: 'Deal created successfully', description: `${deal.year} ${deal.make} ${deal.model}`, variant: 'success' });
      // Wherever the form was opened from (a lead, a client, the deals page, a vehicle), the broker lands on the deal
      // they just made; the form is replaced in the history, so Back does not reopen it (docs/decisions.md, "Deal form").
      await navigate(`/deals/${encodeURIComponent(created.id)}`, { replace: true });
    } catch (error) {
      toast(saveErrorToast(error, 'Error creating deal'));
      throw error;
    }
  };
  return (
    <DealForm
      mode="create"
      user={user}
      defaultValues={defaultValues}
      knownClients={knownClients}
      cancelTo="/deals"
      onSave={save}
    />
  );
}
