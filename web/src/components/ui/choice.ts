/** One choice of a select, combobox or radio group: the value the form keeps and the words the user reads. */
export interface Choice<Value extends string = string> {
  value: Value;
  label: string;
}

/** Choices from a list of values and their labels (the shared enums come as both). */
export function choices<Value extends string>(
  values: readonly Value[],
  labels?: Partial<Record<Value, string>>,
): Choice<Value>[] {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}
