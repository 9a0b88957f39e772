/**
 * Key-building helpers shared by the entities. Every entity computes its primary key (`computeKey`) and its
 * secondary-index keys (hidden attributes linked to named attributes) from its own attributes, so a key can never
 * disagree with the item it indexes.
 */

/** Sort-key text for names: ordered without regard to case, as a reader expects an alphabetical list. */
export const sortable = (value: string) => value.trim().toLowerCase();

/** Zero-padded so that numbers sort as numbers inside a string key. */
export const padded = (value: number, length = 6) => String(Math.trunc(value)).padStart(length, '0');

/** Options every entity shares: no library timestamps (each entity names its own `createdAt`). */
export const ENTITY_DEFAULTS = { timestamps: false } as const;

/**
 * The attributes a store may write for an entity: its schema's named attributes, never the hidden index keys
 * (those are always computed from the named attributes), and never anything else a caller's object carries.
 */
export function writableAttributes(schema: { attributes: object }): string[] {
  return Object.entries(schema.attributes as Record<string, { props: { hidden?: unknown } }>)
    .filter(([, attribute]) => !attribute.props.hidden)
    .map(([name]) => name);
}

/** `input` reduced to `names` (explicit field list: mass-assignment protection). */
export function pick<T extends object>(input: T, names: readonly string[]): T {
  return Object.fromEntries(
    names.filter((name) => name in input).map((name) => [name, (input as Record<string, unknown>)[name]]),
  ) as T;
}
