/**
 * The vehicle's dealership. A dealer's is locked to their own (the API sets it whatever the body says); admins and
 * brokers choose from the list and may add one inline (the dialog lives outside the vehicle form: forms do not nest).
 */
import { SelectField } from '@web/components/ui/select';
import { Button } from '@web/components/ui/button';
import inputStyles from '@web/components/ui/input.module.css';
import type { User } from '@web/lib/auth';
import { useDealershipChoices, useOwnDealership } from '../api/dealership-choices';
import styles from './marketplace.module.css';

export function DealershipField({ user, onAddDealership }: { user: User; onAddDealership: () => void }) {
  const locked = user.role === 'dealer';
  const choices = useDealershipChoices({ enabled: !locked });
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
  const options = (choices.data ?? []).map((dealership) => ({
    value: dealership.id,
    label: dealership.location ? `${dealership.name} (${dealership.location})` : dealership.name,
  }));
  return (
    <div className={styles.row}>
      <SelectField
        name="dealershipId"
        label="Dealership"
        optional
        options={options}
        placeholder={choices.isPending ? 'Loading dealerships…' : 'Choose a dealership'}
        hint={choices.isError ? 'The dealerships could not be loaded.' : undefined}
      />
      <Button variant="secondary" onClick={onAddDealership}>
        Add dealership
      </Button>
    </div>
  );
}
