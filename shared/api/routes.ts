/**
 * The route table: every HTTP route of the product, listed once.
 *
 * Infra creates the API Gateway routes and per-feature Lambdas from it, the local API server dispatches
 * with it, the feature handlers authorize with it, and the authorization-matrix suite iterates over it.
 * A route key is exactly API Gateway's `routeKey` ("GET /deals/{id}").
 */
import type { Role } from '../auth/roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The features that own Lambdas. The same name is used in web/src/features, functions/, shared/ and the data entities.
 */
export const FEATURES = [
  'auth',
  'dashboard',
  'marketplace',
  'dealerships',
  'deals',
  'clients',
  'credit-applications',
  'payments',
  'invitations',
  'consumers',
  'referrals',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Who may call a route.
 * - `public`: no token needed (the authorizer is not attached).
 * - a list of roles: a valid token whose role is in the list.
 * `approvedBroker: true` additionally requires a broker to be approved and licensed (read from the table on each call);
 * admins always pass it.
 */
export type Access = 'public' | readonly Role[];

export interface RouteDef {
  method: HttpMethod;
  path: string;
  feature: Feature;
  access: Access;
  approvedBroker?: boolean;
  summary: string;
  /** Per-route throttle; the API's default applies when absent. It is one bucket for all callers of the route. */
  throttle?: { rateLimit: number; burstLimit: number };
  /**
   * Requests one source IP may make per window, counted by the feature handler (functions/lib/rate-limit.ts)
   * before anything else runs; the rest of the window is answered 429. For public routes, where one caller
   * could otherwise use up the route's shared throttle.
   */
  sourceLimit?: { requests: number; windowSeconds: number };
}

const ALL_ROLES = ['admin', 'broker', 'dealer', 'consumer'] as const satisfies readonly Role[];
/** The staff app's roles: consumers are routed away from the marketplace to their portal (spec section 6). */
const STAFF_ROLES = ['admin', 'broker', 'dealer'] as const satisfies readonly Role[];

export const ROUTES = [
  {
    method: 'GET',
    path: '/me',
    feature: 'auth',
    access: ALL_ROLES,
    summary: "The caller's identity: role, full name, dealership, and a broker's approval and licence state.",
  },
  {
    method: 'POST',
    path: '/auth/signup-licence',
    feature: 'auth',
    access: 'public',
    summary:
      'A presigned upload for the optional licence file chosen at sign-up; only for an unconfirmed user created in the last hour.',
    throttle: { rateLimit: 5, burstLimit: 10 },
    // One sign-up needs one call; an office behind one address signing up a team stays well within 20 per 10 minutes.
    sourceLimit: { requests: 20, windowSeconds: 600 },
  },
  {
    method: 'GET',
    path: '/dashboard',
    feature: 'dashboard',
    access: ALL_ROLES,
    summary: 'Every overview count the caller may see, in one call.',
  },
  {
    method: 'GET',
    path: '/marketplace/trending',
    feature: 'marketplace',
    access: 'public',
    summary: 'Most viewed marketplace vehicles of the last 5 days (at most 5).',
    throttle: { rateLimit: 50, burstLimit: 100 },
  },
  {
    method: 'GET',
    path: '/marketplace/vehicles',
    feature: 'marketplace',
    access: STAFF_ROLES,
    summary:
      'One page of marketplace vehicle cards (views and pending deals inline), the tab counts and the per-make counts; dealers see their own dealership only, archived is for admins.',
  },
  {
    method: 'GET',
    path: '/marketplace/vehicles/{id}',
    feature: 'marketplace',
    access: STAFF_ROLES,
    summary: "A marketplace vehicle's page (404 for a dealer asking for another dealership's vehicle).",
  },
  {
    method: 'POST',
    path: '/marketplace/vehicles',
    feature: 'marketplace',
    access: STAFF_ROLES,
    approvedBroker: true,
    summary: 'Adds a vehicle to the marketplace; the stock number is unique (409). Dealers add to their own dealership only.',
  },
  {
    method: 'PATCH',
    path: '/marketplace/vehicles/{id}',
    feature: 'marketplace',
    access: STAFF_ROLES,
    approvedBroker: true,
    summary: 'Edits, archives or unarchives a marketplace vehicle (admins and whoever added it).',
  },
  {
    method: 'GET',
    path: '/marketplace/stock-numbers/{stockNumber}',
    feature: 'marketplace',
    access: STAFF_ROLES,
    summary: "Whether a stock number is free (the add form's live check).",
  },
  {
    method: 'POST',
    path: '/marketplace/vehicles/{id}/views',
    feature: 'marketplace',
    access: STAFF_ROLES,
    summary: 'Records a view of a vehicle page, counted once per browser session and day (feeds trending).',
  },
  {
    method: 'POST',
    path: '/marketplace/images',
    feature: 'marketplace',
    access: STAFF_ROLES,
    approvedBroker: true,
    summary: 'A presigned upload of a vehicle image to the deal-images bucket (jpg, jpeg, png, gif, webp; at most 5 MB).',
  },
  {
    method: 'GET',
    path: '/dealerships',
    feature: 'dealerships',
    access: ['admin', 'broker'],
    summary: 'One page of dealerships ordered by name (search by name, location or contact name), with the stats.',
  },
  {
    method: 'GET',
    path: '/dealerships/{id}',
    feature: 'dealerships',
    access: ['admin', 'broker', 'dealer'],
    summary: 'One dealership with its figures; a dealer only their own (any other id is a 404).',
  },
  {
    method: 'POST',
    path: '/dealerships',
    feature: 'dealerships',
    access: ['admin', 'broker'],
    approvedBroker: true,
    summary:
      "Adds a dealership: every field of an admin's dialog; a broker's quick add (deal and marketplace forms) keeps only name, location and contact name.",
  },
  {
    method: 'PATCH',
    path: '/dealerships/{id}',
    feature: 'dealerships',
    access: ['admin'],
    summary: 'Changes the given fields of a dealership; a blank optional field is cleared.',
  },
  {
    method: 'DELETE',
    path: '/dealerships/{id}',
    feature: 'dealerships',
    access: ['admin'],
    summary: 'Deletes a dealership that has no deals and no dealer users (409 otherwise).',
  },
  {
    method: 'GET',
    path: '/dealerships/{id}/dealers',
    feature: 'dealerships',
    access: ['admin'],
    summary: 'The dealer logins of a dealership.',
  },
  {
    method: 'POST',
    path: '/dealerships/{id}/dealers',
    feature: 'dealerships',
    access: ['admin'],
    summary: 'Creates a dealer login for the dealership; the temporary password is e-mailed.',
  },
  {
    method: 'DELETE',
    path: '/dealerships/{id}/dealers/{userId}',
    feature: 'dealerships',
    access: ['admin'],
    summary: "Removes a dealer login: the account is disabled and deleted, access ends at the dealer's next request.",
  },
  // Deals (docs/decisions.md, "Deals"). The list, GET /deals, is the deals list's own entry.
  {
    method: 'POST',
    path: '/deals',
    feature: 'deals',
    access: ['admin', 'broker'],
    approvedBroker: true,
    summary:
      'Creates a deal (the "Create New Deal" form); client and dealership must exist, the broker is an approved and licensed one (the caller by default).',
  },
  {
    method: 'GET',
    path: '/deals/{id}',
    feature: 'deals',
    access: ALL_ROLES,
    summary:
      "A deal's detail screen in one call: the deal, its client, dealership, broker, credit application link and activity, and what the caller may do (a dealer only their dealership's deals, any other id is a 404). A consumer gets their own deal in the reduced view (shared/consumers/api.ts), any other is a 404.",
  },
  {
    method: 'PATCH',
    path: '/deals/{id}',
    feature: 'deals',
    access: STAFF_ROLES,
    approvedBroker: true,
    summary:
      "Saves the edit form on the revision it loaded (409 when someone saved in between); each role's fields and statuses only, with the change recorded in the activity trail.",
  },
  {
    method: 'DELETE',
    path: '/deals/{id}',
    feature: 'deals',
    access: ['admin'],
    summary: 'Deletes a deal with its stock-number claim, its counts and its activity.',
  },
  {
    method: 'POST',
    path: '/deals/{id}/credit-application-link',
    feature: 'deals',
    access: STAFF_ROLES,
    approvedBroker: true,
    summary:
      "The deal's credit application link: created on first use, the same valid one after; refused once the deal is finalized or closed.",
  },
  {
    method: 'GET',
    path: '/archived-deals',
    feature: 'deals',
    access: ['admin'],
    summary: 'One page of expired deals, latest expiration date first.',
  },
  {
    method: 'GET',
    path: '/assignable-brokers',
    feature: 'deals',
    access: ['admin', 'broker'],
    summary: "The approved and licensed brokers, by full name: the deal form's broker choice.",
  },
  {
    method: 'GET',
    path: '/deals',
    feature: 'deals',
    access: STAFF_ROLES,
    summary:
      'The deals list in one call: a page of deal cards grouped by client name ("Unassigned" last), the group counts and the makes; search and status and make filters. Dealers see their own dealership only.',
  },
  {
    method: 'GET',
    path: '/clients',
    feature: 'clients',
    access: ['admin', 'broker'],
    summary: 'One page of clients ordered by name (search by name, e-mail or phone) and the total "All Clients (n)".',
  },
  {
    method: 'GET',
    path: '/clients/{id}',
    feature: 'clients',
    access: ['admin', 'broker'],
    summary: 'One client (the deal form opened with a client preselected).',
  },
  {
    method: 'POST',
    path: '/clients',
    feature: 'clients',
    access: ['admin', 'broker'],
    approvedBroker: true,
    summary: 'Creates a client; the creator is the caller; the e-mail is unique (409).',
  },
  {
    method: 'PATCH',
    path: '/clients/{id}',
    feature: 'clients',
    access: ['admin', 'broker'],
    approvedBroker: true,
    summary: "Changes the given fields of a client; a rename follows onto the client's deals.",
  },
  {
    method: 'DELETE',
    path: '/clients/{id}',
    feature: 'clients',
    access: ['admin'],
    summary: 'Deletes a client who has no deals (409 otherwise).',
  },
  {
    method: 'GET',
    path: '/clients/{id}/deals',
    feature: 'clients',
    access: ['admin', 'broker'],
    summary: "A client's past purchases: active deals (not closed or finalized) and archived deals (closed or finalized).",
  },
  // Credit applications (docs/decisions.md, "Credit applications"): the applicant's public page reads the link's
  // state by its 128-bit token; the e-signature provider reports completion with a signed webhook.
  {
    method: 'GET',
    path: '/credit-applications/{token}',
    feature: 'credit-applications',
    access: 'public',
    summary:
      "A credit application link's state (valid, expired, completed, invalid) for the applicant's page; a valid one carries the embedded form's URL and the vehicle (year, make, model).",
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    method: 'GET',
    path: '/credit-applications/forms/{type}',
    feature: 'credit-applications',
    access: 'public',
    summary: 'The embedded e-signature form of a form type (mbfs, bmwfs, generic), for the /credit-application/embed page.',
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    method: 'POST',
    path: '/deals/{id}/credit-application-link/regenerate',
    feature: 'credit-applications',
    access: STAFF_ROLES,
    approvedBroker: true,
    summary:
      "Replaces the deal's credit application link with a new one; the old link is revoked in the same transaction (invalid at once). Refused once the deal is finalized or closed.",
  },
  {
    method: 'POST',
    path: '/webhooks/e-signature',
    feature: 'credit-applications',
    access: 'public',
    summary:
      'The e-signature provider reports a completed application: HMAC-SHA256 of the raw body (with its timestamp) verified; completes a valid link exactly once.',
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  // Payments (docs/decisions.md, "Payments"): the concierge fee through the payment provider's hosted checkout.
  {
    method: 'POST',
    path: '/deals/{id}/concierge-payment',
    feature: 'payments',
    access: ['consumer', 'admin'],
    summary:
      "A checkout page for the deal's stored concierge fee: the consumer owning the deal through its client (any other deal is a 404), or an admin; only when finalized, the fee above 0 and not paid (409).",
  },
  {
    method: 'POST',
    path: '/webhooks/payments',
    feature: 'payments',
    access: 'public',
    summary:
      "The payment provider's events, signature verified with its library: a completed checkout marks the deal's concierge fee paid exactly once.",
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  // Consumers (docs/decisions.md, "Consumers"): invitations, the consumer's sign-up, the portal and referrals.
  {
    method: 'POST',
    path: '/clients/{id}/invitations',
    feature: 'invitations',
    access: ['admin', 'broker'],
    approvedBroker: true,
    summary:
      'Invites the client to the consumer portal by e-mail (SES) or SMS (SNS); the invitation is kept even when the message fails, and the answer says whether it was sent.',
  },
  {
    method: 'GET',
    path: '/invitations/{token}',
    feature: 'invitations',
    access: 'public',
    summary:
      'Validates an invitation link (valid, used, expired or invalid); only a valid one names the client (name and e-mail for the sign-up page).',
    throttle: { rateLimit: 10, burstLimit: 20 },
    // The sign-up page validates once per visit: 60 in 10 minutes is plenty for a household or an office behind one
    // address. Tokens are 128-bit, so this is about the shared throttle's fairness, not about guessing.
    sourceLimit: { requests: 60, windowSeconds: 600 },
  },
  {
    method: 'POST',
    path: '/invitations/{token}/accept',
    feature: 'invitations',
    access: 'public',
    summary:
      'Creates the consumer account (Cognito consumer group), links it to the client and uses the invitation: one account per invitation, the second accept is a 409.',
    throttle: { rateLimit: 5, burstLimit: 10 },
    // Each attempt may create a Cognito user (undone when it fails): 30 in 10 minutes leaves room for password retries.
    sourceLimit: { requests: 30, windowSeconds: 600 },
  },
  {
    method: 'GET',
    path: '/consumer/portal',
    feature: 'consumers',
    access: ['consumer'],
    summary:
      "The consumer portal in one call: the consumer's own deals (consumer-visible fields only, whether payment and referral are offered) and their broker's contact.",
  },
  {
    method: 'POST',
    path: '/referrals',
    feature: 'referrals',
    access: ['consumer'],
    summary:
      "Refers a friend from the consumer's own closed deal: stored with the consumer and the deal, on the deal's activity, and e-mailed to the friend naming the broker.",
  },
] as const satisfies readonly RouteDef[];

export type RouteKey = `${(typeof ROUTES)[number]['method']} ${(typeof ROUTES)[number]['path']}`;

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRoute(key: string): RouteDef | undefined {
  return (ROUTES as readonly RouteDef[]).find((r) => routeKey(r) === key);
}

export function routesOf(feature: Feature): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.feature === feature);
}

/** Default API throttling (per stage, all routes without their own). */
export const DEFAULT_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
