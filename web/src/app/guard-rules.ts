/**
 * The route guard's decision (spec section 2, "Route guard") as a pure function of the user's role and the
 * requested path. Admins and brokers are not restricted here; screen-level rules come with each screen.
 */
import type { Role } from '@shared/auth/roles';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

interface RoleRestriction {
  allowedPrefixes: readonly string[];
  home: string;
}

const RESTRICTIONS: Partial<Record<Role, RoleRestriction>> = {
  consumer: { allowedPrefixes: ['/consumer-portal', '/deals/', '/credit-application'], home: '/consumer-portal' },
  dealer: { allowedPrefixes: ['/dashboard', '/marketplace', '/deals'], home: '/dashboard' },
};

export const SIGN_IN_PATH = '/auth';

export function decideAccess(user: { role: Role } | null, pathname: string): GuardDecision {
  if (!user) return { kind: 'redirect', to: SIGN_IN_PATH };
  const restriction = RESTRICTIONS[user.role];
  if (!restriction) return { kind: 'allow' };
  const allowed = restriction.allowedPrefixes.some((prefix) => pathname.startsWith(prefix));
  return allowed ? { kind: 'allow' } : { kind: 'redirect', to: restriction.home };
}

/**
 * The signed-in sections of the product (spec route table). Every path inside one goes through the guard,
 * also before its screen exists, so a dealer opening /clients is sent to /dashboard; any other path shows the
 * public not-found screen.
 */
export const SIGNED_IN_SECTIONS = [
  'dashboard',
  'marketplace',
  'deals',
  'clients',
  'dealerships',
  'profile',
  'academy',
  'archived-deals',
  'admin',
  'consumer-portal',
  'consumer-dashboard',
] as const;
