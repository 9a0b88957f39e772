import { useFormContext } from 'react-hook-form';
import { Field } from '@web/components/ui/field';
import { useFieldError } from '@web/components/ui/form';
import inputStyles from '@web/components/ui/input.module.css';
import styles from './clients.module.css';

/** A labelled multi-line text bound to the form value `name` (the form binding has single-line fields only). */
export function TextAreaField({
  name,
  label,
  hint,
  optional,
}: {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} error={error} hint={hint} optional={optional}>
      {(control) => <textarea {...control} rows={4} className={`${inputStyles.input} ${styles.textarea}`} {...register(name)} />}
    </Field>
  );
}
