/**
 * The "match the columns" step of every CSV import screen: for each field of the record, the file's column it is read
 * from ("Not imported" for none), guessed from the headers (shared/transfers/columns.ts) and changeable before the
 * preview. Each field is marked with data-field, so a screen can move the focus to a field it refuses.
 */
import type { Ref } from 'react';
import type { ColumnMapping } from '@shared/transfers/columns';
import { Field } from '@web/components/ui/field';
import { Select } from '@web/components/ui/select';
import styles from './csv-import.module.css';

const NOT_IMPORTED = '-';

export interface ColumnMappingFieldsProps<F extends string> {
  fields: readonly F[];
  labels: Record<F, string>;
  header: readonly string[];
  mapping: ColumnMapping<F>;
  errors?: Partial<Record<F, string>>;
  disabled?: boolean;
  onChange: (field: F, column: number | null) => void;
  ref?: Ref<HTMLDivElement>;
}

export function ColumnMappingFields<F extends string>({
  fields,
  labels,
  header,
  mapping,
  errors = {},
  disabled,
  onChange,
  ref,
}: ColumnMappingFieldsProps<F>) {
  const columnOptions = [
    { value: NOT_IMPORTED, label: 'Not imported' },
    ...header.map((name, index) => ({ value: String(index), label: name || `Column ${index + 1}` })),
  ];
  return (
    <div className={styles.mapping} ref={ref}>
      {fields.map((field) => (
        <Field key={field} name={field} label={labels[field]} error={errors[field]}>
          {(control) => (
            <Select
              {...control}
              options={columnOptions}
              value={mapping[field] === null ? NOT_IMPORTED : String(mapping[field])}
              onValueChange={(value) => onChange(field, value === NOT_IMPORTED ? null : Number(value))}
              disabled={disabled}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

/** Moves the focus to a mapping field's control (the first one a screen refuses). */
export function focusMappingField(container: HTMLElement | null, field: string): void {
  container?.querySelector<HTMLElement>(`[data-field="${field}"] button, [data-field="${field}"] select`)?.focus();
}
