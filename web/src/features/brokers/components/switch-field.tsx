/**
 * An on/off switch bound to a boolean form value by name: a button with role="switch" (Space and Enter toggle it,
 * as a native button), its state also written beside it so it does not rest on the colour of the track.
 */
import { useId } from 'react';
import { useController } from 'react-hook-form';
import inputStyles from '@web/components/ui/input.module.css';
import styles from './brokers.module.css';

export function SwitchField({ name, label, on, off }: { name: string; label: string; on: string; off: string }) {
  const id = useId();
  const { field } = useController({ name });
  const checked = field.value === true;
  return (
    <div className={inputStyles.field} data-field={name}>
      <div className={styles.switchRow}>
        <button
          id={id}
          ref={field.ref}
          type="button"
          role="switch"
          aria-checked={checked}
          className={styles.switch}
          onClick={() => field.onChange(!checked)}
          onBlur={field.onBlur}
        />
        <label htmlFor={id} className={inputStyles.label}>
          {label}
        </label>
        <span className={styles.switchState} aria-hidden="true">
          {checked ? on : off}
        </span>
      </div>
    </div>
  );
}
