/**
 * The vehicle's dealership. A dealer's is locked to their own (the API sets it whatever the body says); admins and
 * brokers search every dealership on the server and may add one inline (the dialog lives outside the vehicle form:
 * forms do not nest). `known` are the dealerships whose labels the form already has (the saved one, one just added).
 */
import { AsyncComboboxField } from '@web/components/ui/async-combobox';
import { Button } from '@web/components/ui/button';
import inputStyles from '@web/components/ui/input.module.css';
import type { User } from '@web/lib/auth';
import {
  dealershipChoice,
  dealershipChoicesKey,
  loadDealershipLabel,
  searchDealershipChoices,
  useOwnDealership,
  type DealershipChoice,
} from '../api/dealership-choices';
import styles from './marketplace.module.css';

export interface DealershipFieldProps {
  user: User;
  known: readonly DealershipChoice[];
  onAddDealership: () => void;
}

export function DealershipField({ user, known, onAddDealership }: DealershipFieldProps) {
  const locked = user.role === 'dealer';
  const own = useOwnDealership(locked ? user.dealershipId : null);
  if (locked) {
    return (
      <div className={inputStyles.field}>
        <p className={inputStyles.label}>Dealership</p>
        <p>
          {own.data
            ? `${own.data.name} (${own.data.location})`
            : user.dealershipId && own.isPending
              ? 'Loading…'
              : 'Your dealership'}
        </p>
        <p className={inputStyles.hint}>Dealers add vehicles to their own dealership.</p>
      </div>
    );
  }
  return (
    <div className={styles.row}>
      <AsyncComboboxField
        name="dealershipId"
        label="Dealership"
        optional
        search={searchDealershipChoices}
        queryKey={dealershipChoicesKey}
        knownChoices={known.map(dealershipChoice)}
        loadLabel={loadDealershipLabel}
        searchLabel="Search dealerships"
        placeholder="Choose a dealership"
        emptyText="No dealerships found"
        errorText="The dealerships could not be loaded."
      />
      <Button variant="secondary" onClick={onAddDealership}>
        Add dealership
      </Button>
    </div>
  );
}
