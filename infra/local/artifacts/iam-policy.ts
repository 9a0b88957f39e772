/**
 * IAM's decision for one request against one role's identity policies, as far as this app's policies go: Action /
 * NotAction and Resource / NotResource with `*` and `?` wildcards, explicit Deny over Allow, and the String*
 * condition operators (also as `ForAllValues:`). An operator this evaluator does not know makes the statement not apply (and says so), so an
 * unknown shape reads as denied rather than silently allowed.
 */
import type { PolicyStatement } from './assembly';
import type { RequiredPermission } from './aws-calls';

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function wildcard(pattern: string, caseInsensitive: boolean): RegExp {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, caseInsensitive ? 'i' : '');
}

const matchesAny = (patterns: string[], value: string, caseInsensitive: boolean) =>
  patterns.some((pattern) => wildcard(pattern, caseInsensitive).test(value));

const OPERATORS: Record<string, (actual: string, expected: string) => boolean> = {
  StringEquals: (actual, expected) => actual === expected,
  StringNotEquals: (actual, expected) => actual !== expected,
  StringEqualsIgnoreCase: (actual, expected) => actual.toLowerCase() === expected.toLowerCase(),
  StringLike: (actual, expected) => wildcard(expected, false).test(actual),
  StringNotLike: (actual, expected) => !wildcard(expected, false).test(actual),
};

function conditionsHold(statement: PolicyStatement, context: Record<string, string>, notes: string[]): boolean {
  for (const [qualifiedOperator, keys] of Object.entries(statement.Condition ?? {})) {
    // `ForAllValues:` (every value of a multivalued key must match; a key the request lacks holds vacuously, as in IAM).
    // The request context here has one value per key (dynamodb:LeadingKeys of a one-item request).
    const forAllValues = qualifiedOperator.startsWith('ForAllValues:');
    const operator = forAllValues ? qualifiedOperator.slice('ForAllValues:'.length) : qualifiedOperator;
    const test = OPERATORS[operator];
    if (!test) {
      notes.push(`condition operator ${qualifiedOperator} is not evaluated locally`);
      return false;
    }
    for (const [key, expected] of Object.entries(keys)) {
      const actual = context[key];
      if (actual === undefined) {
        if (forAllValues) continue;
        return false;
      }
      const values = list(expected);
      const negated = operator.includes('Not');
      if (negated ? !values.every((value) => test(actual, value)) : !values.some((value) => test(actual, value))) return false;
    }
  }
  return true;
}

function applies(statement: PolicyStatement, need: RequiredPermission, notes: string[]): boolean {
  const actionMatches = statement.Action
    ? matchesAny(list(statement.Action), need.action, true)
    : !matchesAny(list(statement.NotAction), need.action, true);
  if (!actionMatches) return false;
  const resourceMatches = statement.Resource
    ? matchesAny(list(statement.Resource), need.resource, false)
    : !matchesAny(list(statement.NotResource), need.resource, false);
  return resourceMatches && conditionsHold(statement, need.context ?? {}, notes);
}

export interface Decision {
  allowed: boolean;
  /** The statements that allowed it (their Sid or index). */
  by: string[];
  notes: string[];
}

export function decide(statements: readonly PolicyStatement[], need: RequiredPermission): Decision {
  const notes: string[] = [];
  const matching = statements
    .map((statement, index) => ({ statement, name: statement.Sid ?? `#${index}` }))
    .filter(({ statement }) => applies(statement, need, notes));
  if (matching.some(({ statement }) => statement.Effect === 'Deny'))
    return { allowed: false, by: [], notes: [...notes, 'explicit Deny'] };
  const allows = matching.filter(({ statement }) => statement.Effect === 'Allow');
  return { allowed: allows.length > 0, by: allows.map(({ name }) => name), notes };
}

/** Each (action, resource) an Allow statement grants, for the "granted but never used" report. */
export function grantsOf(statements: readonly PolicyStatement[]): { sid: string; action: string; resource: string }[] {
  return statements.flatMap((statement, index) =>
    statement.Effect !== 'Allow' || !statement.Action
      ? []
      : list(statement.Action).flatMap((action) =>
          (statement.Resource ? list(statement.Resource) : [`NOT ${list(statement.NotResource).join(',')}`]).map((resource) => ({
            sid: statement.Sid ?? `#${index}`,
            action,
            resource,
          })),
        ),
  );
}
