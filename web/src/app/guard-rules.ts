/**
 * The route guard's decision (docs/decisions.md, "Web") as a pure function of the user's role and the
 * requested path. Admins are not restricted; brokers only from the role-only sections below; other screen-level rules
 * come with each screen.
 */
import type { Role } from '@shared/auth/roles';

/** Said to a visitor on the way to /auth (a toast), with the words the product gives for the screen they asked for. */
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
    section: '/maturing-deals',
    roles: ['admin', 'broker'],
    notice: { title: 'Access denied', description: 'Only brokers and admins can view maturing leases' },
  },
  {
    section: '/admin/brokers',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/admin/commission',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/admin/brokered-vehicles',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/admin/settings',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/admin/agreement',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/programs',
    roles: ['admin', 'broker'],
    notice: { title: 'Access Denied', description: 'Lender programs are only available to brokers and admins' },
  },
  {
    section: '/admin/lenders',
    roles: ['admin'],
    notice: { title: 'Access Denied', description: 'Only admins can access this page' },
  },
  {
    section: '/academy',
    roles: ['admin', 'broker'],
    notice: { title: 'Access Denied', description: 'The Academy is only available to brokers and admins' },
    tellEveryone: true,
  },
  {
    section: '/tasks',
    roles: ['admin', 'broker'],
    notice: { title: 'Access Denied', description: 'Tasks are only available to brokers and admins' },
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
 * The signed-in sections of the product (its route table). Every path inside one goes through the guard,
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
  'maturing-deals',
  'admin',
  'consumer-portal',
  'consumer-dashboard',
  'leads',
  'tasks',
  'programs',
] as const;

/** A section of the app navigation: its link, and the paths under which it is the current section. */
export interface NavSection {
  label: string;
  path: string;
  /** Paths (and their sub-paths) that belong to this section besides `path` itself. */
  alsoCurrentOn?: readonly string[];
  /** A screen made for these roles only (the consumer's portal), although others may open it. */
  audience?: readonly Role[];
}

/**
 * Every section the navigation may offer, in its order. Who sees which is not written here: a section is offered
 * to a role exactly when decideAccess lets that role open its path, so the navigation never links to a screen the
 * guard would refuse (one source of truth). Add a row here when a new top-level screen joins the router.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  { label: 'Dashboard', path: '/dashboard', alsoCurrentOn: ['/'] },
  { label: 'Tasks', path: '/tasks' },
  { label: 'Portal', path: '/consumer-portal', alsoCurrentOn: ['/consumer-dashboard', '/deals'], audience: ['consumer'] },
  { label: 'Leads', path: '/leads' },
  { label: 'Deals', path: '/deals' },
  { label: 'Clients', path: '/clients' },
  { label: 'Marketplace', path: '/marketplace' },
  // Admins reach the lenders and their imports from the programs screen: one entry for both.
  { label: 'Programs', path: '/programs', alsoCurrentOn: ['/admin/lenders'] },
  { label: 'Dealerships', path: '/dealerships' },
  { label: 'Academy', path: '/academy' },
  // The brokered-vehicle log is the brokerage's books of its brokers' sales: inside the Brokers section.
  { label: 'Brokers', path: '/admin/brokers', alsoCurrentOn: ['/admin/brokered-vehicles'] },
  { label: 'Payroll', path: '/admin/commission' },
  { label: 'Archived Deals', path: '/archived-deals' },
];

/**
 * The sections this user's navigation offers. A broker awaiting approval has only the dashboard (which tells them
 * their account is pending review): every other screen would answer them with the API's refusal.
 */
export function navSectionsFor(user: { role: Role; broker?: { isApproved: boolean } | null }): NavSection[] {
  if (user.role === 'broker' && user.broker?.isApproved !== true) {
    return NAV_SECTIONS.filter((section) => section.path === '/dashboard');
  }
  return NAV_SECTIONS.filter(
    (section) => (!section.audience || section.audience.includes(user.role)) && decideAccess(user, section.path).kind === 'allow',
  );
}

/**
 * Where `pathname` sits among `sections`: `page` when it is the section's own screen, `section` when it is a screen
 * inside it (a deal of /deals), undefined otherwise. The longest matching path wins (/archived-deals is not /deals).
 */
export function currentSection(
  sections: readonly NavSection[],
  pathname: string,
): { section: NavSection; exact: boolean } | undefined {
  let best: { section: NavSection; exact: boolean; length: number } | undefined;
  for (const section of sections) {
    for (const path of [section.path, ...(section.alsoCurrentOn ?? [])]) {
      const matches = path === '/' ? pathname === '/' : isInSection(pathname, path);
      if (matches && (!best || path.length > best.length)) {
        best = { section, exact: pathname === path, length: path.length };
      }
    }
  }
  return best && { section: best.section, exact: best.exact };
}
