/**
 * The deal form, for creating (/deals/new) and editing (/deals/{id}/edit) a deal (docs/decisions.md, "Deal
 * form"), on the form binding with the shared schemas (dealCreateSchema, dealUpdateSchema). What it adds to the
 * binding:
 * - field errors on blur or while a field holds text (validation mode "all"), and Save disabled while any field
 *   shows an error;
 * - the client and dealership pickers with their "New Client" / "New Dealership" dialogs (rendered outside the
 *   form: forms do not nest), whose new record is chosen;
 * - the deal rules (shared/deals/rules.ts) in the sections (statuses per role, not sold, concierge fee, lease APR, fees);
 * - a refused submit toasts "Missing information" / "Please fill in all required fields" when a required field is
 *   blank, and focus moves to the first invalid field.
 */
import { useEffect, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { isOwnerOrAdmin } from '@shared/auth/ownership';
import type { DealDetail } from '@shared/deals/api';
import { DEAL_INCENTIVES } from '@shared/deals/enums';
import { statusForNewDeal } from '@shared/deals/rules';
import { dealTakesProposals } from '@shared/proposals/rules';
import {
  REQUIRED_FIELDS_MESSAGE,
  dealCreateSchema,
  dealUpdateSchema,
  type DealCreate,
  type DealUpdate,
} from '@shared/deals/schemas';
import { IncentivesField } from '@web/components/incentives-field/incentives-field';
import { buttonClassName } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox';
import type { Choice } from '@web/components/ui/choice';
import { Form, SubmitButton, TextAreaField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import type { User } from '@web/lib/auth';
import { dealToEdit, dealToSave, statusChoices, type DealCreateStart } from '../deal-form-values';
import { invalidToast } from '../invalid-toast';
import styles from './deal-form.module.css';
import {
  BrokerFees,
  ClientFinancesSection,
  CreditApplicationSection,
  FormSection,
  LeadSourceSection,
  TermsSection,
  TradeInSection,
  VehicleSection,
} from './deal-form-sections';
import { DeskingProvider } from './desking-section';
import { NewClientDialog } from './new-client-dialog';
import { NewDealershipDialog } from './new-dealership-dialog';
import { BrokerField, ClientField, DealershipField } from './party-fields';

interface DealFormCommonProps {
  user: User;
  /** Where Cancel goes. */
  cancelTo: string;
}

export interface CreateDealFormProps extends DealFormCommonProps {
  mode: 'create';
  defaultValues: DealCreateStart;
  /** Labels of a preselected client or a marketplace vehicle's dealership. */
  knownClients?: readonly Choice[];
  /** Saves the deal; rejects with the API's error (the form places its field messages). */
  onSave: (deal: DealCreate) => Promise<unknown>;
}

export interface EditDealFormProps extends DealFormCommonProps {
  mode: 'edit';
  detail: DealDetail;
  onSave: (deal: DealUpdate) => Promise<unknown>;
}

export type DealFormProps = CreateDealFormProps | EditDealFormProps;

/** What "add to marketplace" makes a new deal's status, whatever was chosen. */
const MARKETPLACE_STATUS = statusForNewDeal('pending', true);

export function DealForm(props: DealFormProps) {
  const { user, cancelTo } = props;
  const editing = props.mode === 'edit' ? props.detail : undefined;
  const form = useZodForm<typeof dealCreateSchema | typeof dealUpdateSchema>(editing ? dealUpdateSchema : dealCreateSchema, {
    defaultValues: editing ? dealToEdit(editing) : (props as CreateDealFormProps).defaultValues,
    mode: 'all',
  });
  const [dialog, setDialog] = useState<'client' | 'dealership' | null>(null);
  // Records added in the dialogs: the pickers show their names before any search has listed them.
  const [added, setAdded] = useState<{ clients: Choice[]; dealerships: Choice[] }>({ clients: [], dealerships: [] });

  const knownClients = [
    ...added.clients,
    ...(editing?.client ? [{ value: editing.client.id, label: editing.client.fullName }] : []),
    ...(props.mode === 'create' ? (props.knownClients ?? []) : []),
  ];
  const knownDealerships = [
    ...added.dealerships,
    ...(editing?.dealership ? [{ value: editing.dealership.id, label: editing.dealership.name }] : []),
  ];
  const knownBrokers = [
    { value: user.userId, label: `${user.fullName} (me)` },
    ...(editing?.broker ? [{ value: editing.broker.id, label: editing.broker.fullName }] : []),
  ];

  const submit = (deal: DealCreate | DealUpdate) =>
    props.mode === 'create' ? props.onSave(dealToSave(deal as DealCreate)) : props.onSave(dealToSave(deal as DealUpdate));

  return (
    <>
      <Form
        form={form}
        onSubmit={submit}
        onInvalid={(invalid) => toast(invalidToast(invalid, REQUIRED_FIELDS_MESSAGE))}
        aria-label={editing ? 'Edit deal' : 'Create deal'}
        className={styles.form}
      >
        <FormSection title="Client">
          <ClientField
            knownChoices={knownClients}
            allowNone={Boolean(editing)}
            onNewClient={editing ? undefined : () => setDialog('client')}
          />
        </FormSection>
        <FormSection title="Dealership">
          <DealershipField
            knownChoices={knownDealerships}
            allowNone={Boolean(editing)}
            onNewDealership={() => setDialog('dealership')}
          />
        </FormSection>
        <VehicleSection />
        <DeskingProvider
          saved={editing?.deal.desking}
          savedProgram={editing?.deal.program}
          proposals={
            editing
              ? {
                  dealId: editing.deal.id,
                  takesProposals: dealTakesProposals(editing.deal),
                  mayShare: isOwnerOrAdmin(user, editing.deal.brokerId),
                }
              : null
          }
        >
          <StatusAwareTerms props={props} />
        </DeskingProvider>
        <FormSection title="Incentives">
          <IncentivesField options={DEAL_INCENTIVES} />
        </FormSection>
        <LeadSourceSection />
        <ClientFinancesSection />
        <TradeInSection />
        <FormSection title="Broker">
          <BrokerField
            knownChoices={knownBrokers}
            hint={editing ? undefined : 'Approved and licensed brokers; you when none is chosen.'}
          />
          <BrokerFees />
          {!editing && (
            <div className={styles.wide}>
              <CheckboxField
                name="addToMarketplace"
                label="Add to marketplace"
                hint="Lists the vehicle in the marketplace; the deal's status becomes Available."
              />
            </div>
          )}
        </FormSection>
        <FormSection title="Additional Notes">
          <div className={styles.wide}>
            <TextAreaField name="notes" label="Notes" optional />
          </div>
        </FormSection>
        {!editing && <CreditApplicationSection />}
        <FormActions cancelTo={cancelTo} editing={Boolean(editing)} />
      </Form>
      <NewClientDialog
        open={dialog === 'client'}
        onClose={() => setDialog(null)}
        onAdded={(client) => {
          setDialog(null);
          setAdded((known) => ({ ...known, clients: [client, ...known.clients] }));
          form.setValue('clientId', client.value, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <NewDealershipDialog
        open={dialog === 'dealership'}
        onClose={() => setDialog(null)}
        onAdded={(dealership) => {
          setDialog(null);
          setAdded((known) => ({ ...known, dealerships: [dealership, ...known.dealerships] }));
          form.setValue('dealershipId', dealership.value, { shouldDirty: true, shouldValidate: true });
        }}
      />
    </>
  );
}

/** The terms, with the statuses of the mode and role, and "add to marketplace" holding the status at available. */
function StatusAwareTerms({ props }: { props: DealFormProps }) {
  const { setValue } = useFormContext();
  const addToMarketplace = useWatch({ name: 'addToMarketplace' }) === true;
  useEffect(() => {
    if (addToMarketplace) setValue('status', MARKETPLACE_STATUS, { shouldValidate: true });
  }, [addToMarketplace, setValue]);
  if (props.mode === 'edit') {
    const { deal, statusOptions } = props.detail;
    return (
      <TermsSection
        role={props.user.role}
        statusOptions={statusChoices('edit', { statusOptions, current: deal.status })}
        savedStatus={deal.status}
        savedConciergeFee={deal.conciergeFee}
      />
    );
  }
  return <TermsSection role={props.user.role} statusOptions={statusChoices('create')} statusLocked={addToMarketplace} />;
}

/** Cancel, and Save: disabled while any field shows an error, "Saving..." while the save runs. */
function FormActions({ cancelTo, editing }: { cancelTo: string; editing: boolean }) {
  const { errors } = useFormState();
  // Messages about the whole form (root) do not block: they come from the server and a retry may succeed.
  const hasFieldErrors = Object.keys(errors).some((name) => name !== 'root');
  return (
    <div className={styles.actions}>
      <Link to={cancelTo} className={buttonClassName({ variant: 'secondary' })}>
        Cancel
      </Link>
      <SubmitButton block={false} size="md" disabled={hasFieldErrors} pendingLabel={editing ? 'Saving...' : 'Creating...'}>
        {editing ? 'Save Changes' : 'Create Deal'}
      </SubmitButton>
    </div>
  );
}
