/**
 * The route guard's decision (docs/decisions.md, "Web") as a pure function of the user's role and the
 * requested path. Admins are not restricted; brokers only from the role-only sections below; other screen-level rules
 * come with each screen.
 */
import type { Role } from '@shared/auth/roles';

/** Said to a visitor on the way to /auth (a toast), where the spec names words for the screen they asked for. */
export interface GuardNotice {
  title: string;
  description: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; notice?: GuardNotice };

/** Unauthenticated visitors of these screens (the marketplace) get this toast. */
const SIGNED_OUT_NOTICES: readonly { prefix: string; notice: GuardNotice }[] = [
  {
    prefix: '/marketplace',
    notice: { title: 'Authentication required', description: 'Please log in to view the marketplace' },
  },
];

interface RoleRestriction {
  allowedPrefixes: readonly string[];
  home: string;
}

const RESTRICTIONS: Partial<Record<Role, RoleRestriction>> = {
  // Consumers may open /consumer-portal, /deals/ and /credit-application; /consumer-dashboard is added because it is
  // also the consumer's landing after signup (docs/decisions.md, "Consumers (web)").
  consumer: {
    allowedPrefixes: ['/consumer-portal', '/consumer-dashboard', '/deals/', '/credit-application'],
    home: '/consumer-portal',
  },
  dealer: { allowedPrefixes: ['/dashboard', '/marketplace', '/deals'], home: '/dashboard' },
};

/**
 * Screens for some roles only: anyone else goes to the dashboard with the
 * screen's own denial toast. The API refuses the same callers; this only spares them a screen they cannot use.
 */
const ROLE_ONLY_SECTIONS: readonly {
  section: string;
  roles: readonly Role[];
  notice: GuardNotice;
  /** Also tell the roles kept in their own area (dealers, consumers) why they were sent home. */
  tellEveryone?: boolean;
}[] = [
  {
    section: '/archived-deals',
    roles: ['admin'],
    notice: { title: 'Access denied', description: 'Only admins can view archived deals' },
  },
  {
    section: '/admin/brokers',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/admin/settings',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/academy',
    roles: ['admin', 'broker'],
    notice: { title: 'Access Denied', description: 'The Academy is only available to brokers and admins' },
    tellEveryone: true,
  },
];

export const SIGN_IN_PATH = '/auth';

export function decideAccess(user: { role: Role } | null, pathname: string): GuardDecision {
  if (!user) {
    const notice = SIGNED_OUT_NOTICES.find(({ prefix }) => isInSection(pathname, prefix))?.notice;
    return notice ? { kind: 'redirect', to: SIGN_IN_PATH, notice } : { kind: 'redirect', to: SIGN_IN_PATH };
  }
  const roleOnly = ROLE_ONLY_SECTIONS.find(({ section }) => isInSection(pathname, section));
  const denied = roleOnly && !roleOnly.roles.includes(user.role) ? roleOnly : undefined;
  const restriction = RESTRICTIONS[user.role];
  if (restriction && !restriction.allowedPrefixes.some((prefix) => pathname.startsWith(prefix))) {
    // Their "/" is their own home: one redirect, with the section's words when it says them to everyone.
    return denied?.tellEveryone
      ? { kind: 'redirect', to: restriction.home, notice: denied.notice }
      : { kind: 'redirect', to: restriction.home };
  }
  if (denied) return { kind: 'redirect', to: '/', notice: denied.notice };
  return { kind: 'allow' };
}

/** `/marketplace` and `/marketplace/…`, not `/marketplaces`. */
function isInSection(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
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
  'leads',
] as const;
