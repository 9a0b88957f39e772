/**
 * A form's incentives as checkboxes bound to its `incentives` list, one for the deal form (the deal pick list) and
 * the marketplace vehicle form (the marketplace pick list). A deal started from a marketplace vehicle may carry the
 * vehicle's own incentives (the same column, the other pick list): values outside `options` show as ticked boxes
 * after the options, so a save keeps them unless unticked.
 */
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { MARKETPLACE_INCENTIVE_LABELS, type MarketplaceIncentive } from '@shared/marketplace/enums';
import { Checkbox } from '@web/components/ui/checkbox';
import inputStyles from '@web/components/ui/input.module.css';
import pickerStyles from '@web/components/ui/pickers.module.css';
import styles from './incentives-field.module.css';

const labelOf = (incentive: string) => MARKETPLACE_INCENTIVE_LABELS[incentive as MarketplaceIncentive] ?? incentive;

/** The boxes shown: the pick list's options, then the values held outside it (kept until unticked). */
export function offeredIncentives(options: readonly string[], value: readonly string[]): string[] {
  return [...options, ...value.filter((incentive) => !options.includes(incentive))];
}

export function IncentivesField({ options }: { options: readonly string[] }) {
  const name = 'incentives';
  const id = useId();
  const { field, fieldState } = useController({ name });
  const value = (field.value as string[] | undefined) ?? [];
  const selected = new Set(value);
  const offered = offeredIncentives(options, value);
  const toggle = (incentive: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(incentive);
    else next.delete(incentive);
    // Kept in the order shown, whatever order they were ticked in.
    field.onChange(offered.filter((option) => next.has(option)));
  };
  return (
    <fieldset className={styles.fieldset} data-field={name}>
      <legend className={styles.legend}>
        Incentives <span className={inputStyles.optional}>(optional)</span>
      </legend>
      <div className={styles.checks}>
        {offered.map((incentive, index) => (
          <div key={incentive} className={pickerStyles.checkRow}>
            <Checkbox
              id={`${id}-${index}`}
              ref={index === 0 ? field.ref : undefined}
              checked={selected.has(incentive)}
              onCheckedChange={(checked) => toggle(incentive, checked === true)}
              onBlur={field.onBlur}
            />
            <label htmlFor={`${id}-${index}`} className={pickerStyles.checkLabel}>
              {labelOf(incentive)}
            </label>
          </div>
        ))}
      </div>
      {fieldState.error?.message && <p className={inputStyles.error}>{fieldState.error.message}</p>}
    </fieldset>
  );
}
