/**
 * The quote wizard's form state as pure functions: values addressed by dotted path ("tradeIns.1.year"), and a
 * schema's issues turned into one message per path. The public wizard keeps its own small form state instead of
 * the staff app's react-hook-form binding (web/src/components/ui/form.tsx) to stay under its 100 KB first-load
 * budget (docs/decisions.md, "Quote wizard bundle"); the conventions are the same: the shared schemas decide,
 * messages appear when Next or the submit is pressed and then follow each change, focus goes to the first invalid
 * field, and the server's `error.fields` land on the fields they name.
 */

/** Messages by dotted path, the first one per path. */
export type FieldErrors = Readonly<Record<string, string>>;

type Container = Record<string, unknown> | unknown[];

const segmentsOf = (path: string) => path.split('.');

/** The value at a dotted path, or undefined when any step of the way is missing. */
export function getPath(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const segment of segmentsOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * A copy of `values` with `value` at the dotted path; only the objects and arrays along the path are copied, so
 * every other part keeps its identity. Array indexes are numeric segments; a missing step is created as an object.
 */
export function setPath<T>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = segmentsOf(path);
  const container: Container = Array.isArray(values) ? [...(values as unknown[])] : { ...(values as Record<string, unknown>) };
  const key = head!;
  const nextValue = rest.length === 0 ? value : setPath((container as Record<string, unknown>)[key] ?? {}, rest.join('.'), value);
  if (Array.isArray(container)) container[Number(key)] = nextValue;
  else container[key] = nextValue;
  return container as T;
}

export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A schema's issues as messages by dotted path; an issue about the whole object has the path "". */
export function errorsFromIssues(issues: readonly SchemaIssue[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** Whether `path` is `changed` or lies under or above it ("tradeIns.0" and "tradeIns.0.year" touch each other). */
export function pathsTouch(path: string, changed: string): boolean {
  return path === changed || path.startsWith(`${changed}.`) || changed.startsWith(`${path}.`);
}

/** The server's messages that still stand after `changed` was edited: those about other fields. */
export function withoutPath(errors: FieldErrors, changed: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !pathsTouch(path, changed)));
}

/** The same list without the item at `index`; used to remove a trade-in card. */
export function withoutIndex<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, at) => at !== index);
}
