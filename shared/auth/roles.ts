/**
 * The four roles of the product. A role is a Cognito group; the group name is the role name.
 */
export const ROLES = ['admin', 'broker', 'dealer', 'consumer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Picks the caller's role from the `cognito:groups` claim. A user is expected to be in exactly one
 * group; if several are present the most privileged wins so that a mis-provisioned admin is not locked out.
 */
export function roleFromGroups(groups: readonly string[] | string | undefined): Role | undefined {
  const list = Array.isArray(groups) ? groups : typeof groups === 'string' ? parseGroupsClaim(groups) : [];
  return ROLES.find((role) => list.includes(role));
}

/** API Gateway flattens array claims to a string such as "[admin broker]"; Lambda events may carry either form. */
function parseGroupsClaim(raw: string): string[] {
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((s) => s.replace(/^"|"$/g, ''))
    .filter(Boolean);
}
