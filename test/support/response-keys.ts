/**
 * What a read route shows each role, asserted by its JSON keys: every read route's API test calls
 * `expectResponseKeys(body, spec)` once per role with the exact keys that role may see, so a field added to a
 * response (a broker fee, a lead source, a credit-application field) fails the test of every role it was not
 * written down for. The response schemas already drop unlisted fields; this proves, per role, which listed ones
 * each caller actually gets.
 *
 * A spec mirrors the JSON:
 * - `true`: a scalar (string, number, boolean) or null, never an object or array;
 * - `{ key: spec, ... }`: an object with exactly these keys (each checked recursively), or null;
 * - `[spec]`: an array whose every element matches spec (an empty array matches);
 * - `optional(spec)`: a key that may be absent.
 *
 *   expectResponseKeys(me.body, {
 *     userId: true,
 *     role: true,
 *     broker: role === 'broker' ? { isApproved: true, isLicensed: true } : true, // null for the others
 *   });
 *
 * A failure lists every unexpected key, missing key and wrong kind by its path ("cards[2].secret").
 */
import { expect } from 'vitest';

const OPTIONAL = Symbol('optional');

export type KeySpec = true | { readonly [key: string]: KeySpec | OptionalSpec } | readonly [KeySpec];
export interface OptionalSpec {
  readonly [OPTIONAL]: KeySpec;
}

/** A key that may be absent; when present its value matches `spec`. */
export function optional(spec: KeySpec): OptionalSpec {
  return { [OPTIONAL]: spec };
}

function isOptional(spec: KeySpec | OptionalSpec): spec is OptionalSpec {
  return typeof spec === 'object' && OPTIONAL in spec;
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Every difference between `value` and `spec`, as "path: problem" lines (empty when it matches). */
export function responseKeyProblems(value: unknown, spec: KeySpec, path = '$'): string[] {
  if (spec === true) {
    return typeof value === 'object' && value !== null ? [`${path}: expected a scalar or null, got ${kindOf(value)}`] : [];
  }
  if (Array.isArray(spec)) {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${kindOf(value)}`];
    return value.flatMap((element, index) => responseKeyProblems(element, spec[0] as KeySpec, `${path}[${index}]`));
  }
  if (value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: expected an object, got ${kindOf(value)}`];

  const fields = spec as Record<string, KeySpec | OptionalSpec>;
  const problems: string[] = [];
  for (const key of Object.keys(value)) {
    if (!(key in fields)) problems.push(`${path}.${key}: unexpected key`);
  }
  for (const [key, field] of Object.entries(fields)) {
    const present = Object.prototype.hasOwnProperty.call(value, key);
    if (!present) {
      if (!isOptional(field)) problems.push(`${path}.${key}: missing key`);
      continue;
    }
    const inner = isOptional(field) ? field[OPTIONAL] : field;
    problems.push(...responseKeyProblems((value as Record<string, unknown>)[key], inner, `${path}.${key}`));
  }
  return problems;
}

/** Fails with every unexpected key, missing key and wrong kind of `body` against `spec`. */
export function expectResponseKeys(body: unknown, spec: KeySpec, label = 'response'): void {
  const problems = responseKeyProblems(body, spec);
  expect(problems, `${label} keys differ from the allowed set:\n  ${problems.join('\n  ')}`).toEqual([]);
}
