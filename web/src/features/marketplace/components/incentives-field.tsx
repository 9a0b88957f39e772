/** The marketplace incentives as a group of checkboxes bound to the form's `incentives` list. */
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { MARKETPLACE_INCENTIVE_LABELS, MARKETPLACE_INCENTIVES, type MarketplaceIncentive } from '@shared/marketplace/enums';
import { Checkbox } from '@web/components/ui/checkbox';
import inputStyles from '@web/components/ui/input.module.css';
import pickerStyles from '@web/components/ui/pickers.module.css';
import styles from './marketplace.module.css';

export function IncentivesField({ name = 'incentives' }: { name?: string }) {
  const id = useId();
  const { field, fieldState } = useController({ name });
  const selected = new Set((field.value as MarketplaceIncentive[] | undefined) ?? []);
  const toggle = (incentive: MarketplaceIncentive, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(incentive);
    else next.delete(incentive);
    // Kept in the list's order, whatever order they were ticked in.
    field.onChange(MARKETPLACE_INCENTIVES.filter((value) => next.has(value)));
  };
  return (
    <fieldset className={`${styles.fieldset} ${styles.wide}`} data-field={name}>
      <legend className={styles.legend}>
        Incentives <span className={inputStyles.optional}>(optional)</span>
      </legend>
      <div className={styles.checks}>
        {MARKETPLACE_INCENTIVES.map((incentive, index) => (
          <div key={incentive} className={pickerStyles.checkRow}>
            <Checkbox
              id={`${id}-${incentive}`}
              ref={index === 0 ? field.ref : undefined}
              checked={selected.has(incentive)}
              onCheckedChange={(checked) => toggle(incentive, checked === true)}
              onBlur={field.onBlur}
            />
            <label htmlFor={`${id}-${incentive}`} className={pickerStyles.checkLabel}>
              {MARKETPLACE_INCENTIVE_LABELS[incentive]}
            </label>
          </div>
        ))}
      </div>
      {fieldState.error?.message && <p className={inputStyles.error}>{fieldState.error.message}</p>}
    </fieldset>
  );
}
