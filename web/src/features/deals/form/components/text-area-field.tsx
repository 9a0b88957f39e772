/** A labelled multi-line text bound to the form value `name`. */
import { useFormContext } from 'react-hook-form';
import { Field } from '@web/components/ui/field';
import { useFieldError } from '@web/components/ui/form';
import inputStyles from '@web/components/ui/input.module.css';
import styles from './deal-form.module.css';

export function TextAreaField({ name, label, optional }: { name: string; label: string; optional?: boolean }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} error={error} optional={optional}>
      {(control) => <textarea {...control} className={`${inputStyles.input} ${styles.textarea}`} {...register(name)} />}
    </Field>
  );
}
