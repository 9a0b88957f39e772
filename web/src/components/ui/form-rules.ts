/**
 * The pure rules of the form binding (form.tsx), tested without a browser: how a number input's text becomes
 * the number the schema checks, and where the server's field errors land.
 */

/**
 * The numeric-input convention: the input holds the text as typed (a text input with a numeric keyboard), the
 * form values and the shared schemas hold numbers. Blank text is `undefined` (the schema then says "required" or
 * stores null); text that is not a plain decimal number is NaN (the schema says "Invalid number"). Thousands
 * separators are accepted ("25,000"), and a dollar sign before the amount ("$450": money fields say "$" in their
 * label); hexadecimal, exponents and the like are not numbers people type into a form.
 */
export function parseNumberInput(text: string): number | undefined {
  const compact = text
    .trim()
    .replace(/[\s,]/g, '')
    .replace(/^([-+]?)\$/, '$1');
  if (compact === '') return undefined;
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(compact) ? Number(compact) : Number.NaN;
}

/** What a number field shows for a value of the form (a number, or nothing yet). */
export function formatNumberInput(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : '';
}

export interface FieldMessage {
  name: string;
  message: string;
}

export interface PlacedServerErrors {
  /** One message per field of the form, in the form's order. */
  placed: FieldMessage[];
  /** Messages about no field the form shows (the whole request, or a path the form has no field for). */
  unplaced: string[];
}

/**
 * Where the API's `error.fields` (dotted paths, "tradeIns.0.year"; "" for the whole request) land: on the field
 * with that name, else on the nearest enclosing field ("address.zip" on "address"), else on the form itself.
 * A field keeps the first message it gets. `formFields` are the form's field names in the order they appear.
 */
export function placeServerErrors(fields: Readonly<Record<string, string>>, formFields: readonly string[]): PlacedServerErrors {
  const known = new Set(formFields);
  const byField = new Map<string, string>();
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const field = enclosingField(path, known);
    if (field === undefined) unplaced.push(message);
    else if (!byField.has(field)) byField.set(field, message);
  }
  const placed = formFields.filter((name) => byField.has(name)).map((name) => ({ name, message: byField.get(name)! }));
  return { placed, unplaced };
}

function enclosingField(path: string, known: ReadonlySet<string>): string | undefined {
  const segments = path === '' ? [] : path.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const candidate = segments.slice(0, length).join('.');
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** The fields that have a message, in the form's order (the first is where focus goes). */
export function invalidFieldsInOrder(
  formFields: readonly string[],
  messageOf: (name: string) => string | undefined,
): FieldMessage[] {
  return formFields.flatMap((name) => {
    const message = messageOf(name);
    return message ? [{ name, message }] : [];
  });
}
