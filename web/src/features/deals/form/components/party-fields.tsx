/**
 * The deal's client, dealership and broker: server-search comboboxes (both lists outgrow one page), each bound to
 * the form value of its id. The client and dealership may be "None" on the edit form (optional there); the
 * "New Client" and "New Dealership" buttons open the dialogs, whose new record is then chosen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { AsyncCombobox, type ChoiceSearch } from '@web/components/ui/async-combobox';
import { Button } from '@web/components/ui/button';
import type { Choice } from '@web/components/ui/choice';
import { Field } from '@web/components/ui/field';
import {
  assignableBrokersQueryOptions,
  clientChoiceKey,
  clientLabel,
  dealershipChoiceKey,
  dealershipLabel,
  searchClients,
  searchDealerships,
} from '../api/deal-form-choices';
import styles from './deal-form.module.css';

/** cmdk needs a non-empty value for every item: "None" travels as this and is stored as a blank. */
const NONE = '__none__';
const NONE_CHOICE: Choice = { value: NONE, label: 'None' };

/** A search that also offers "None" while nothing is typed. */
function withNone(search: ChoiceSearch): ChoiceSearch {
  return async (query, signal) => {
    const found = await search(query, signal);
    return query ? found : [NONE_CHOICE, ...found];
  };
}

interface PartyFieldProps {
  name: string;
  label: string;
  search: ChoiceSearch;
  queryKey: readonly unknown[];
  searchLabel: string;
  placeholder: string;
  emptyText: string;
  /** Labels of values not picked here: the saved deal's, a record just added in a dialog. */
  knownChoices: readonly Choice[];
  loadLabel?: (value: string, signal: AbortSignal) => Promise<string | undefined>;
  /** Offers "None" (the edit form's optional client and dealership). */
  allowNone?: boolean;
  hint?: string;
}

function PartyField({ name, label, search, knownChoices, allowNone = false, hint, ...combobox }: PartyFieldProps) {
  const { field, fieldState } = useController({ name });
  const value = (field.value as string | null | undefined) || undefined;
  return (
    <Field name={name} label={label} error={fieldState.error?.message} hint={hint} optional={allowNone}>
      {(control) => (
        <AsyncCombobox
          {...control}
          {...combobox}
          search={allowNone ? withNone(search) : search}
          knownChoices={allowNone ? [NONE_CHOICE, ...knownChoices] : knownChoices}
          ref={field.ref}
          value={value ?? (allowNone ? NONE : undefined)}
          onValueChange={(next) => field.onChange(next === NONE ? '' : next)}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

export function ClientField({
  knownChoices,
  allowNone,
  onNewClient,
}: {
  knownChoices: readonly Choice[];
  allowNone: boolean;
  onNewClient?: () => void;
}) {
  return (
    <div className={`${styles.row} ${styles.wide}`}>
      <PartyField
        name="clientId"
        label="Client"
        search={searchClients}
        queryKey={clientChoiceKey}
        searchLabel="Search clients"
        placeholder="Select a client"
        emptyText="No clients found"
        knownChoices={knownChoices}
        loadLabel={clientLabel}
        allowNone={allowNone}
      />
      {onNewClient && (
        <Button variant="secondary" onClick={onNewClient}>
          New Client
        </Button>
      )}
    </div>
  );
}

export function DealershipField({
  knownChoices,
  allowNone,
  onNewDealership,
}: {
  knownChoices: readonly Choice[];
  allowNone: boolean;
  onNewDealership?: () => void;
}) {
  return (
    <div className={`${styles.row} ${styles.wide}`}>
      <PartyField
        name="dealershipId"
        label="Dealership"
        search={searchDealerships}
        queryKey={dealershipChoiceKey}
        searchLabel="Search dealerships"
        placeholder="Select a dealership"
        emptyText="No dealerships found"
        knownChoices={knownChoices}
        loadLabel={dealershipLabel}
        allowNone={allowNone}
      />
      {onNewDealership && (
        <Button variant="secondary" onClick={onNewDealership}>
          New Dealership
        </Button>
      )}
    </div>
  );
}

/**
 * The broker: approved and licensed brokers only. The list is short and comes whole from the API, so the search
 * filters it here (loaded once, cached); blank means the server's default, the person saving.
 */
export function BrokerField({ knownChoices, hint }: { knownChoices: readonly Choice[]; hint?: string }) {
  const queryClient = useQueryClient();
  const search: ChoiceSearch = async (query) => {
    const brokers = await queryClient.fetchQuery(assignableBrokersQueryOptions());
    const words = query.toLowerCase();
    return brokers.brokers
      .map((broker) => ({ value: broker.id, label: broker.fullName }))
      .filter((broker) => broker.label.toLowerCase().includes(words));
  };
  return (
    <PartyField
      name="brokerId"
      label="Broker"
      search={search}
      queryKey={['brokers', 'assignable', 'choices']}
      searchLabel="Search brokers"
      placeholder="Me (default)"
      emptyText="No approved and licensed brokers found"
      knownChoices={knownChoices}
      hint={hint}
    />
  );
}
