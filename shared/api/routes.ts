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
  'invitations',
  'consumers',
  'referrals',
  'brokers',
  'credit-applications',
  'payments',
  'quotes',
  'academy',
  'leads',
  'lease',
  'proposals',
  'search',
  'notifications',
  'tasks',
  'transfers',
  'agreements',
  'programs',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Who may call a route.
 * - `public`: no token needed (the authorizer is not attached).
 * - a list of roles: a valid token whose role is in the list.
 * `brokerStanding: 'licensed'` additionally requires a broker to be approved and licensed (read from the table on each call);
 * admins always pass it.
 */
export type Access = 'public' | readonly Role[];

/** What a broker must be to pass a route: approved by an administrator, or approved and licensed. */
export type BrokerStanding = 'approved' | 'licensed';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  feature: Feature;
  access: Access;
  brokerStanding?: BrokerStanding;
  summary: string;
  /** Per-route throttle; the API's default applies when absent. It is one bucket for all callers of the route. */
  throttle?: { rateLimit: number; burstLimit: number };
  /**
   * Requests one source IP may make per window, counted by the feature handler (functions/lib/rate-limit.ts)
   * before anything else runs; the rest of the window is answered 429. For public routes, where one caller
   * could otherwise use up the route's shared throttle, and for routes that send messages to outside addresses.
   */
  sourceLimit?: { requests: number; windowSeconds: number };
  /**
   * Requests one signed-in caller (the verified `sub`) may make per window, counted by the feature handler like
   * `sourceLimit` (after authorization, before anything else runs; the rest of the window is answered 429), for a
   * signed-in route whose answers are worth collecting in bulk. Per caller, not per address: colleagues behind one
   * office address do not share it.
   */
  callerLimit?: { requests: number; windowSeconds: number };
  /**
   * Messages one signed-in caller (the verified `sub`) may send per fixed window, counted by the route's service
   * right before it stores and sends (`requireSenderAllowance` in functions/lib/rate-limit.ts), so a refused request
   * never counts; past it, 429 naming the limit. docs/security.md, "Ownership".
   */
  senderLimit?: { requests: number; windowSeconds: number };
  /** Largest request body accepted, in bytes (UTF-8); a larger one is refused with 400 before it is parsed. */
  maxBodyBytes?: number;
  /**
   * Part of the public API for dealer sites: documented in the OpenAPI document (GET /openapi.json,
   * docs/openapi.json). Only public routes may be.
   */
  publicApi?: boolean;
}

const ALL_ROLES = ['admin', 'broker', 'dealer', 'consumer'] as const satisfies readonly Role[];
/** The staff app's roles: consumers are routed away from the marketplace to their portal. */
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
    publicApi: true,
  },
  {
    method: 'GET',
    path: '/dashboard/trending',
    feature: 'marketplace',
    access: STAFF_ROLES,
    summary:
      "The dashboard's Trending Vehicles: the trending vehicles the caller may open (a dealer only their own dealership's).",
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
    brokerStanding: 'licensed',
    summary: 'Adds a vehicle to the marketplace; the stock number is unique (409). Dealers add to their own dealership only.',
  },
  {
    method: 'PATCH',
    path: '/marketplace/vehicles/{id}',
    feature: 'marketplace',
    access: STAFF_ROLES,
    brokerStanding: 'licensed',
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
    brokerStanding: 'licensed',
    summary: 'A presigned upload of a vehicle image to the deal-images bucket (jpg, jpeg, png, gif, webp; at most 5 MB).',
  },
  {
    method: 'GET',
    path: '/dealerships',
    feature: 'dealerships',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: 'One page of dealerships ordered by name (search by name, location or contact name), with the stats.',
  },
  {
    method: 'GET',
    path: '/dealerships/{id}',
    feature: 'dealerships',
    access: ['admin', 'broker', 'dealer'],
    brokerStanding: 'approved',
    summary: 'One dealership with its figures; a dealer only their own (any other id is a 404).',
  },
  {
    method: 'POST',
    path: '/dealerships',
    feature: 'dealerships',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
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
    brokerStanding: 'licensed',
    summary:
      'Creates a deal (the "Create New Deal" form); client and dealership must exist, the broker is an approved and licensed one (the caller by default).',
  },
  {
    method: 'GET',
    path: '/deals/{id}',
    feature: 'deals',
    access: ALL_ROLES,
    brokerStanding: 'approved',
    summary:
      "A deal's detail screen in one call: the deal, its client, dealership, broker, credit application link and activity, and what the caller may do (a dealer only their dealership's deals, any other id is a 404). A consumer gets their own deal in the reduced view (shared/consumers/api.ts), any other is a 404.",
  },
  {
    method: 'PATCH',
    path: '/deals/{id}',
    feature: 'deals',
    access: STAFF_ROLES,
    brokerStanding: 'licensed',
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
    brokerStanding: 'licensed',
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
    path: '/maturing-deals',
    feature: 'deals',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary:
      "One page of finalized and closed leases maturing in the next 6 months, earliest first, with client and vehicle (own book: the broker's own).",
  },
  {
    method: 'GET',
    path: '/assignable-brokers',
    feature: 'deals',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "The approved and licensed brokers, by full name: the deal form's broker choice.",
  },
  {
    method: 'GET',
    path: '/deals',
    feature: 'deals',
    access: STAFF_ROLES,
    brokerStanding: 'approved',
    summary:
      'The deals list in one call: a page of deal cards grouped by client name ("Unassigned" last), the group counts and the makes; search and status and make filters. Dealers see their own dealership only.',
  },
  // The global search box (shared/search/api.ts): staff who may open records; pending brokers and consumers 403.
  {
    method: 'GET',
    path: '/search',
    feature: 'search',
    access: STAFF_ROLES,
    brokerStanding: 'approved',
    summary:
      'The global search box in one call: clients, deals, leads and marketplace vehicles matching the words typed, a few per kind, each cut to what the caller may open (dealers: their own dealership).',
  },
  {
    method: 'GET',
    path: '/clients',
    feature: 'clients',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: 'One page of clients ordered by name (search by name, e-mail or phone) and the total "All Clients (n)".',
  },
  {
    method: 'GET',
    path: '/clients/{id}',
    feature: 'clients',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: 'One client (the deal form opened with a client preselected).',
  },
  {
    method: 'POST',
    path: '/clients',
    feature: 'clients',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: 'Creates a client; the creator is the caller; the e-mail is unique (409).',
  },
  {
    method: 'PATCH',
    path: '/clients/{id}',
    feature: 'clients',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
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
    brokerStanding: 'approved',
    summary: "A client's past purchases: active deals (not closed or finalized) and archived deals (closed or finalized).",
  },
  {
    method: 'GET',
    path: '/clients/{id}/activity',
    feature: 'clients',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "A client's trail, newest first: contact detail changes and reassignments, with who and when.",
  },
  // Consumers (docs/decisions.md, "Consumers"): invitations, the consumer's sign-up, the portal and referrals.
  {
    method: 'POST',
    path: '/clients/{id}/invitations',
    feature: 'invitations',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      "Invites the client to the consumer portal by e-mail (SES) or SMS (SNS) at the contact details on file; the client's broker or an admin only (another broker: 403). The invitation is kept even when the message fails, and the answer says whether it was sent.",
    // A broker invites clients one dialog at a time: 30 an hour is a busy afternoon, and caps what a stolen session
    // could send. Per source: an office of brokers behind one address.
    senderLimit: { requests: 30, windowSeconds: 3600 },
    sourceLimit: { requests: 120, windowSeconds: 3600 },
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
    method: 'POST',
    path: '/invitations/{token}/email-code',
    feature: 'invitations',
    access: 'public',
    summary:
      "E-mails a 6-digit code to the account's address of an SMS invitation (valid 15 minutes, replacing any earlier one): the accept then needs it, so the account's e-mail is proven before it is made.",
    throttle: { rateLimit: 5, burstLimit: 10 },
    // Per invitation (the route's "sender" is the link): 5 codes an hour covers a slow inbox or a typo; each one is an
    // e-mail to an outside address. Per source: a household or an office behind one address.
    senderLimit: { requests: 5, windowSeconds: 3600 },
    sourceLimit: { requests: 20, windowSeconds: 600 },
  },
  // The notification centre (docs/decisions.md, "Notifications"): the caller's own notifications and e-mail
  // preferences. Admins and brokers in any standing (a pending broker is told nothing yet, but may open the bell).
  {
    method: 'GET',
    path: '/notifications',
    feature: 'notifications',
    access: ['admin', 'broker'],
    summary: "The caller's notifications, newest first, a page at a time, with the unread count.",
  },
  {
    method: 'POST',
    path: '/notifications/{id}/read',
    feature: 'notifications',
    access: ['admin', 'broker'],
    summary: "Marks one of the caller's notifications read (idempotent); another user's is 404.",
  },
  {
    method: 'POST',
    path: '/notifications/read-all',
    feature: 'notifications',
    access: ['admin', 'broker'],
    summary: 'Marks every unread notification of the caller read (idempotent).',
  },
  {
    method: 'GET',
    path: '/notifications/preferences',
    feature: 'notifications',
    access: ['admin', 'broker'],
    summary: "The caller's e-mail preference per notification kind (on until switched off).",
  },
  {
    method: 'PUT',
    path: '/notifications/preferences',
    feature: 'notifications',
    access: ['admin', 'broker'],
    summary: "Sets the caller's e-mail preference of the notification kinds named.",
    maxBodyBytes: 2048,
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
    // The e-mail goes to an address the consumer types, in the product's name: 5 friends a day per consumer, and 30
    // requests an hour per source (a household of consumers), so the portal cannot be used to send mail in bulk.
    senderLimit: { requests: 5, windowSeconds: 86_400 },
    sourceLimit: { requests: 30, windowSeconds: 3600 },
  },
  // Brokers (docs/decisions.md, "Brokers"): the admin's performance page and approvals, and a broker's own profile.
  {
    method: 'GET',
    path: '/admin/brokers',
    feature: 'brokers',
    access: ['admin'],
    summary:
      "The whole broker performance screen in one call: the pending and the approved brokers by full name, and one month's figures with the 6-month series (as GET /admin/broker-stats).",
  },
  {
    method: 'GET',
    path: '/admin/broker-stats',
    feature: 'brokers',
    access: ['admin'],
    summary:
      "One month's figures per broker and for the team (deals created, closed, fees, commission) and the 6-month series ending there; never a month after the current one.",
  },
  {
    method: 'GET',
    path: '/admin/brokers/{id}',
    feature: 'brokers',
    access: ['admin'],
    summary: 'One broker with every approval change (who, when, before and after), newest first.',
  },
  {
    method: 'PATCH',
    path: '/admin/brokers/{id}',
    feature: 'brokers',
    access: ['admin'],
    summary:
      "The approve/edit dialog: approval, commission and licence data set together, with the history entry in the same transaction; effective at the broker's next request.",
  },
  {
    method: 'GET',
    path: '/admin/settings',
    feature: 'brokers',
    access: ['admin'],
    summary: "The company settings: the client book (shared, or each broker's own) and who changed it last.",
  },
  {
    method: 'PUT',
    path: '/admin/settings',
    feature: 'brokers',
    access: ['admin'],
    summary:
      'Switches the client book: own book limits each broker to their own clients, deals and leads (docs/security.md, "Ownership").',
  },
  {
    method: 'GET',
    path: '/profile',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary: "The caller's broker profile in one call: profile, this month's figures, last 10 deals and academy progress.",
  },
  {
    method: 'PATCH',
    path: '/profile',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary: "Changes the caller's phone; nothing else of the profile is the broker's to set.",
  },
  {
    method: 'POST',
    path: '/profile/photo-upload',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary: 'A presigned upload of the profile photo to the photos bucket (jpeg, jpg, png, webp; at most 5 MB).',
  },
  {
    method: 'POST',
    path: '/profile/photo',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary: 'Records the uploaded profile photo once it is in the bucket; answers the profile.',
  },
  {
    method: 'POST',
    path: '/profile/licence-upload',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary: 'A presigned upload of the licence document to the private licences bucket (pdf, jpg, jpeg, png; at most 5 MB).',
  },
  {
    method: 'POST',
    path: '/profile/licence',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary: 'Records the uploaded licence document (its private key) once it is in the bucket; answers the profile.',
  },
  {
    method: 'GET',
    path: '/brokers/{id}/licence-url',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary:
      "A signed URL of a broker's licence document, valid 3600 seconds: the broker themself or an admin (another broker gets 404).",
  },
  // The commission ledger (docs/decisions.md, "Commission ledger"): statements are the broker's own or any for an
  // admin; adjustments and payouts are admins' only.
  {
    method: 'GET',
    path: '/brokers/{id}/commission',
    feature: 'brokers',
    access: ['admin', 'broker'],
    summary:
      "One broker's commission statement of a month: opening balance, each entry (deal, client, fees, rate, amount), adjustments, earned, paid, closing balance. The broker themself or an admin (another broker gets 404).",
  },
  {
    method: 'GET',
    path: '/admin/commission',
    feature: 'brokers',
    access: ['admin'],
    summary: "Every broker's commission statement totals of a month, with each payout: the payroll screen and its CSV.",
  },
  {
    method: 'POST',
    path: '/admin/commission/adjustments',
    feature: 'brokers',
    access: ['admin'],
    summary: "A bonus, spiff or chargeback with its reason: one ledger entry in the broker's open month.",
  },
  {
    method: 'POST',
    path: '/admin/commission/payouts',
    feature: 'brokers',
    access: ['admin'],
    summary:
      "Marks a broker's statement paid (date, payout reference) if its balance is still the one shown: the month and every earlier one are locked, the broker is notified.",
  },
  // The brokered-vehicle log (docs/decisions.md, "Brokered-vehicle log"): one line per deal that reached closing,
  // read and exported by a range of closing days, admins only.
  {
    method: 'GET',
    path: '/admin/brokered-vehicles',
    feature: 'brokers',
    access: ['admin'],
    summary:
      'A page of the brokered-vehicle log: the deals that closed in a range of days (at most 366), oldest first, each with its client, VIN, dealership, fee and broker.',
  },
  {
    method: 'GET',
    path: '/admin/brokered-vehicles/export',
    feature: 'brokers',
    access: ['admin'],
    summary: "One page of the brokered-vehicle log's CSV export for a range of days, and the cursor of the next.",
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
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      "Replaces the deal's credit application link with a new one; the old link is revoked in the same transaction (invalid at once). The deal's broker or an admin only (another broker: 403). Refused once the deal is finalized or closed.",
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
      "A checkout page for the deal's stored concierge fee: the consumer owning the deal through its client (any other deal is a 404), or an admin; only when finalized, the fee above 0 and not paid (409), and, while the company requires it, once the deal's client signed the brokering agreement (409).",
  },
  {
    method: 'GET',
    path: '/admin/agreement',
    feature: 'agreements',
    access: ['admin'],
    summary: "Every version of the company's brokering agreement, newest first (the first is the current one).",
  },
  {
    method: 'POST',
    path: '/admin/agreement/versions',
    feature: 'agreements',
    access: ['admin'],
    summary:
      'A new version of the brokering agreement (placeholders {{client}}, {{broker}}, {{vehicle}}, {{fee}}); older versions stay readable; 409 when another version was saved since the one edited.',
    maxBodyBytes: 128 * 1024,
  },
  {
    method: 'GET',
    path: '/deals/{id}/agreement',
    feature: 'agreements',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "Where the deal's brokering agreement stands (not sent, sent, viewed, signed), with the signature's details.",
  },
  {
    method: 'POST',
    path: '/deals/{id}/agreement/send',
    feature: 'agreements',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      "E-mails the deal's client the portal link to the agreement (through the outbox): the deal's broker or an admin (another broker: 403); no agreement written or no client e-mail: 409.",
  },
  {
    method: 'GET',
    path: '/consumer/deals/{id}/agreement',
    feature: 'agreements',
    access: ['consumer'],
    summary:
      "The current agreement filled in for the consumer's own deal, and their signature once signed; the first read marks it viewed. Any other deal is a 404.",
  },
  {
    method: 'POST',
    path: '/consumer/deals/{id}/agreement/signature',
    feature: 'agreements',
    access: ['consumer'],
    summary:
      "The consumer signs their own deal's agreement with their typed full name: version, time and source address recorded once (signing again answers the same signature), copies e-mailed to them and their broker; an outdated version: 409.",
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/deals/{id}/payments-to-review/resolve',
    feature: 'payments',
    access: ['admin'],
    summary:
      "Resolves one payment the provider reported that did not pay the fee: marks the fee paid or dismisses it (refunded), with the admin's note on the activity trail; on the revision read (409 if stale or already resolved).",
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
  // Quotes (docs/decisions.md, "Quotes"): the public quote wizard and dealer sites.
  {
    method: 'POST',
    path: '/quote-requests',
    feature: 'quotes',
    access: 'public',
    summary:
      "Submits a quote request (the intake questionnaire): stores one lead and e-mails the admins and the named agent. The same idempotency key answers the same lead's id.",
    throttle: { rateLimit: 10, burstLimit: 20 },
    // A shopper submits once (a retry reuses the key); a household or an office behind one address stays well within 20 per 10 minutes.
    sourceLimit: { requests: 20, windowSeconds: 600 },
    maxBodyBytes: 8 * 1024,
    publicApi: true,
  },
  {
    method: 'GET',
    path: '/quote-agents',
    feature: 'quotes',
    access: 'public',
    summary: "The approved brokers a shopper may say they already work with, by full name (the wizard's agent dropdown).",
    throttle: { rateLimit: 20, burstLimit: 40 },
    publicApi: true,
  },
  {
    method: 'GET',
    path: '/quote-vehicles/{id}',
    feature: 'quotes',
    access: 'public',
    summary:
      'The marketplace vehicle a shopper reserves from the trending embed, for the quote wizard; 404 for an id that is not a vehicle in the marketplace.',
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    method: 'GET',
    path: '/openapi.json',
    feature: 'quotes',
    access: 'public',
    summary: 'The OpenAPI 3.1 document of the public API for dealer sites.',
    throttle: { rateLimit: 5, burstLimit: 10 },
    publicApi: true,
  },
  // Lease (docs/lease-math.md; docs/decisions.md, "Lease"): the lease calculator for dealer sites.
  {
    method: 'POST',
    path: '/lease/calculate',
    feature: 'lease',
    access: 'public',
    summary:
      'Prices a lease in Regulation M terms: residual, capitalized cost, depreciation, rent charge, payment with tax, due at signing and total of payments, to the cent.',
    throttle: { rateLimit: 20, burstLimit: 40 },
    // A shopper moving a slider, or a dealer site's server pricing for its visitors: 2 a second on average per address.
    sourceLimit: { requests: 120, windowSeconds: 60 },
    maxBodyBytes: 4 * 1024,
    publicApi: true,
  },
  // Proposals (docs/decisions.md, "Proposals"): a snapshot of a deal's offer shared with its client by link or portal.
  {
    method: 'POST',
    path: '/deals/{id}/proposals',
    feature: 'proposals',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      "Shares the deal's offer as a proposal: a snapshot of vehicle, terms, itemized drive-off, payment (the desking's when desked), mileage and concierge fee (never fees, commission or lead source) with an unguessable link valid 14 days, shown this once, sent to the client's e-mail on file (else a text to their phone) through the outbox; it replaces the deal's earlier sent proposals. An optional body `{ options }` (1 to 3 offers: label, source, term, miles, monthly payment, due at signing, refundable deposits, one-pay, money factor, deposits) makes the client choose one; each is stored with the total cost the server derives. A bad option: 400 naming its field (`options.1.monthlyPayment`); more than 3: 400; nothing written. The deal's broker or an admin (another broker: 403; out of the caller's own book: 404); a closed or not-sold deal: 409.",
    // Three options with their labels are well under 4 KB.
    maxBodyBytes: 8 * 1024,
  },
  {
    method: 'GET',
    path: '/deals/{id}/proposals',
    feature: 'proposals',
    access: ['admin', 'broker', 'dealer'],
    brokerStanding: 'approved',
    summary:
      "A deal's proposals, newest first, each with its status (sent, accepted, revoked, replaced, withdrawn, expired). A deal out of the caller's book (own book): 404.",
  },
  {
    method: 'POST',
    path: '/deals/{id}/proposals/{proposalId}/revoke',
    feature: 'proposals',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: "Revokes a sent proposal: its link stops working at once. The deal's broker or an admin (another broker: 403).",
  },
  {
    method: 'GET',
    path: '/consumer/deals/{id}/proposals',
    feature: 'proposals',
    access: ['consumer'],
    summary: "The proposals of the consumer's own deal that stand (sent or accepted), newest first; any other deal is a 404.",
  },
  {
    method: 'POST',
    path: '/consumer/deals/{id}/proposals/{proposalId}/accept',
    feature: 'proposals',
    access: ['consumer'],
    summary:
      "The consumer accepts their own deal's proposal from the portal, with the link's rules: time and source address on the deal's trail, an available deal moved to pending, idempotent, `{ option }` required when it has options; revoked or expired: 409; any other deal or proposal: 404.",
    maxBodyBytes: 1024,
  },
  {
    method: 'POST',
    path: '/consumer/deals/{id}/proposals/{proposalId}/questions',
    feature: 'proposals',
    access: ['consumer'],
    summary:
      "The consumer's short question about their own deal's proposal, from the portal: put on the deal's activity trail, in the deal's broker's bell and e-mailed to them by their preference (through the outbox).",
    // Each question reaches a broker: the public question route's 10 an hour per address (a signed-in consumer asks
    // no more than a link's reader).
    sourceLimit: { requests: 10, windowSeconds: 3600 },
    maxBodyBytes: 4 * 1024,
  },
  {
    method: 'GET',
    path: '/proposals/{token}',
    feature: 'proposals',
    access: 'public',
    summary:
      "A proposal link's page: the proposal (sent or accepted), or its state and message (revoked, replaced, withdrawn, expired, invalid) without it.",
    throttle: { rateLimit: 20, burstLimit: 40 },
    // A client opening the link from a few devices; a guesser is stopped long before 128 bits matter.
    sourceLimit: { requests: 60, windowSeconds: 600 },
    publicApi: true,
  },
  {
    method: 'POST',
    path: '/proposals/{token}/accept',
    feature: 'proposals',
    access: 'public',
    summary:
      "Accepts a sent proposal: time and source address on the deal's activity trail, an available deal moved to pending, the deal's broker told (bell, and e-mail by their preference). A proposal with options takes `{ option }` (its index: missing or not one of them, 400), stored with the acceptance and named on the trail and to the broker; an option on a proposal without options: 400. A second accept changes nothing and says it is already accepted (the first option stands, whichever it names); revoked, replaced, withdrawn, expired, or a closed or not-sold deal: 409.",
    throttle: { rateLimit: 10, burstLimit: 20 },
    sourceLimit: { requests: 20, windowSeconds: 600 },
    maxBodyBytes: 1024,
    publicApi: true,
  },
  {
    method: 'POST',
    path: '/proposals/{token}/questions',
    feature: 'proposals',
    access: 'public',
    summary:
      "A client's short question about a proposal: put on the deal's activity trail, in the deal's broker's bell and e-mailed to them by their preference (through the outbox).",
    throttle: { rateLimit: 10, burstLimit: 20 },
    // Each question e-mails a broker: 10 an hour per address.
    sourceLimit: { requests: 10, windowSeconds: 3600 },
    maxBodyBytes: 4 * 1024,
    publicApi: true,
  },
  // Academy (docs/decisions.md, "Academy"): brokers (approved or not) and admins learn; admins manage the content.
  {
    method: 'GET',
    path: '/academy',
    feature: 'academy',
    access: ['admin', 'broker'],
    summary:
      "The academy screen in one call: published content ordered by category then order index, the caller's completion of each item and their progress.",
  },
  {
    method: 'POST',
    path: '/academy/{id}/complete',
    feature: 'academy',
    access: ['admin', 'broker'],
    summary:
      'Mark as Complete: never undone, idempotent (twice or concurrently); a test is graded from its answers and the score recorded.',
  },
  {
    method: 'GET',
    path: '/admin/academy',
    feature: 'academy',
    access: ['admin'],
    summary: 'Every academy item, drafts included, with its raw content: the "Manage content" view.',
  },
  {
    method: 'POST',
    path: '/admin/academy',
    feature: 'academy',
    access: ['admin'],
    summary: 'Creates an academy item (a draft unless published); the published count follows in the same transaction.',
  },
  {
    method: 'PATCH',
    path: '/admin/academy/{id}',
    feature: 'academy',
    access: ['admin'],
    summary: 'Edits, publishes, unpublishes or moves an academy item; the published count follows in the same transaction.',
  },
  {
    method: 'DELETE',
    path: '/admin/academy/{id}',
    feature: 'academy',
    access: ['admin'],
    summary: "Deletes an academy item; learners' completions of it stop counting.",
  },
  {
    method: 'POST',
    path: '/admin/academy-order',
    feature: 'academy',
    access: ['admin'],
    summary: 'Puts the items of one category in the given order, all or nothing.',
  },
  // Leads (shared/leads/api.ts, docs/decisions.md "Leads"): admins, and approved, licensed brokers.
  {
    method: 'GET',
    path: '/leads',
    feature: 'leads',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      'The lead inbox in one call: a page newest first, filterable by status and broker. Brokers see leads assigned to them or naming them as agent, and the open pool they may claim.',
  },
  {
    method: 'GET',
    path: '/leads/{id}',
    feature: 'leads',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: 'One lead with every quote request field, its status and assignment history and its e-mail notice.',
  },
  {
    method: 'POST',
    path: '/leads/{id}/assign',
    feature: 'leads',
    access: ['admin'],
    summary: 'Assigns a lead to an approved, licensed broker, or returns it to the pool (brokerId null).',
  },
  {
    method: 'POST',
    path: '/leads/{id}/claim',
    feature: 'leads',
    access: ['broker'],
    brokerStanding: 'licensed',
    summary: 'A broker takes an unassigned lead; of two claims at once one wins, the other gets 409.',
  },
  {
    method: 'PATCH',
    path: '/leads/{id}/status',
    feature: 'leads',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: "Changes a lead's status (new, contacted, converted, lost), recorded with who and when.",
  },
  {
    method: 'POST',
    path: '/leads/{id}/convert',
    feature: 'leads',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      'Creates the client from the lead (or finds the one with its e-mail), marks the lead converted, and answers the /deals/new prefill.',
  },
  // Tasks (shared/tasks/api.ts, docs/decisions.md "Tasks"): admins, and approved brokers. A broker sees and changes
  // only the tasks assigned to them or made by them (anyone else's: 404) and assigns only to themselves.
  {
    method: 'GET',
    path: '/tasks',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary:
      "Tasks by status and due window (overdue, today, next 7 days, all) in the caller's time zone, soonest first: a broker's own; an admin's everyone's or one assignee's.",
  },
  {
    method: 'POST',
    path: '/tasks',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary:
      'A new open task (title, due date and time in a time zone, notes, a link to a lead, client or deal); a broker assigns only to themselves, an admin to any broker.',
    maxBodyBytes: 8192,
  },
  {
    method: 'GET',
    path: '/task-settings',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "The caller's time zone and morning task e-mail switch.",
  },
  {
    method: 'PUT',
    path: '/task-settings',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "Sets the caller's time zone and morning task e-mail switch.",
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/tasks/of/{kind}/{id}',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "A lead's, client's or deal's open tasks the caller may see, soonest first.",
  },
  {
    method: 'GET',
    path: '/tasks/{id}',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "One task; another broker's is 404.",
  },
  {
    method: 'PATCH',
    path: '/tasks/{id}',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: 'Edits a task (title, due, notes, assignee) with the revision read: a stale revision is 409.',
    maxBodyBytes: 8192,
  },
  {
    method: 'POST',
    path: '/tasks/{id}/status',
    feature: 'tasks',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: 'Marks a task done or cancelled, or opens it again, with the revision read: a stale revision is 409.',
    maxBodyBytes: 1024,
  },
  // CSV import and export (shared/transfers/api.ts, docs/decisions.md "CSV import and export"): brokers export their
  // own records, admins all; importing clients is creating them (admins, approved and licensed brokers).
  {
    method: 'GET',
    path: '/exports/clients',
    feature: 'transfers',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "One page of the clients CSV export (the broker's own clients; admins all) and the cursor of the next.",
  },
  {
    method: 'GET',
    path: '/exports/deals',
    feature: 'transfers',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "One page of the deals CSV export (the broker's own deals; admins all) and the cursor of the next.",
  },
  {
    method: 'GET',
    path: '/exports/leads',
    feature: 'transfers',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: 'One page of the leads CSV export (leads assigned to or naming the broker; admins all) and the cursor of the next.',
  },
  {
    method: 'POST',
    path: '/client-imports/matches',
    feature: 'transfers',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      "The existing clients the caller could open that hold the e-mails or phones of an import's rows (the preview's duplicates).",
    // A file of the largest size (10,000 rows) is 20 requests of 500 rows: two previews of one an hour, and many of
    // small files; a caller cannot probe the book's e-mails and phones at speed (docs/security.md, "Ownership").
    callerLimit: { requests: 40, windowSeconds: 3600 },
  },
  {
    method: 'POST',
    path: '/client-imports',
    feature: 'transfers',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: 'Starts a client import of a file, or answers the unfinished import of the same file (resume).',
  },
  {
    method: 'POST',
    path: '/client-imports/{id}/rows',
    feature: 'transfers',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary: "Imports the next chunk of an import's rows at its cursor (idempotent) and moves the cursor.",
    maxBodyBytes: 1_000_000,
  },
  // Lender programs (shared/programs/api.ts, docs/decisions.md "Programs"): admins keep lenders and import their
  // monthly programs; approved brokers read them and match a vehicle to its rows.
  {
    method: 'GET',
    path: '/programs/lenders',
    feature: 'programs',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: 'Every lender whose programs are kept, by name.',
  },
  {
    method: 'POST',
    path: '/programs/lenders',
    feature: 'programs',
    access: ['admin'],
    summary: 'Adds a lender; a name another lender has (compared without case or punctuation) is 409.',
    maxBodyBytes: 1024,
  },
  {
    method: 'GET',
    path: '/programs/lenders/{lenderId}/versions',
    feature: 'programs',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "A lender's programs by month, newest first (brokers: only those whose import is finished).",
  },
  {
    method: 'POST',
    path: '/programs/lenders/{lenderId}/versions',
    feature: 'programs',
    access: ['admin'],
    summary:
      "Starts the import of a lender's program for a month (a new version; earlier months stay), or answers the unfinished import of the same file (resume); a month imported already is 409.",
    maxBodyBytes: 2048,
  },
  {
    method: 'GET',
    path: '/programs/lenders/{lenderId}/versions/{month}/rows',
    feature: 'programs',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary: "A page of a month's program rows, in the file's order, and the cursor of the next.",
  },
  {
    method: 'POST',
    path: '/programs/lenders/{lenderId}/versions/{month}/rows',
    feature: 'programs',
    access: ['admin'],
    summary:
      "Imports the next chunk of a month's program rows at its cursor (idempotent) and moves the cursor; a row with a problem refuses the chunk, naming the row and the field.",
    maxBodyBytes: 1_000_000,
  },
  {
    method: 'GET',
    path: '/programs/match',
    feature: 'programs',
    access: ['admin', 'broker'],
    brokerStanding: 'approved',
    summary:
      'The program rows in effect for a vehicle (year, make, model, trim), term, annual mileage, state (and ZIP) and date, each naming its lender and month: one Query.',
  },
  // ADF/XML leads (shared/leads/adf-api.ts, docs/decisions.md "ADF leads"): in through a secret lead address, out by e-mail.
  {
    method: 'POST',
    path: '/leads/adf/{token}',
    feature: 'leads',
    access: 'public',
    summary:
      "Receives an ADF 1.0 document (application/xml, text/xml, or an e-mail body holding one) at a dealership's or the company's lead address: each prospect becomes a lead in the inbox, source ADF; a resent prospect (same id and source) answers the lead it already made. Unknown or revoked address: 404.",
    throttle: { rateLimit: 10, burstLimit: 20 },
    // A dealer site or CRM forwards its leads as they come: 120 an hour per sending address is a very busy showroom.
    sourceLimit: { requests: 120, windowSeconds: 3600 },
    maxBodyBytes: 256 * 1024,
  },
  {
    method: 'GET',
    path: '/adf-inbound/{owner}',
    feature: 'leads',
    access: ['admin'],
    summary: "A dealership's (or, owner `company`, the company's) inbound ADF lead address, or none.",
  },
  {
    method: 'POST',
    path: '/adf-inbound/{owner}/regenerate',
    feature: 'leads',
    access: ['admin'],
    summary: 'Makes a new inbound ADF lead address (a new secret token); the previous one stops working at once (404).',
  },
  {
    method: 'DELETE',
    path: '/adf-inbound/{owner}',
    feature: 'leads',
    access: ['admin'],
    summary: 'Revokes the inbound ADF lead address: its token answers 404 at once.',
  },
  {
    method: 'POST',
    path: '/deals/{id}/send-to-dealer',
    feature: 'leads',
    access: ['admin', 'broker'],
    brokerStanding: 'licensed',
    summary:
      "E-mails the deal as an ADF lead (vehicle interest lease, monthly and down payment, the client's contact, the broker as vendor contact) to its dealership's lead e-mail address through the outbox, and records it on the deal's activity trail. Admins, and brokers who may edit the deal; 400 without a dealership lead address.",
    // Each call e-mails a dealership: 30 an hour caps what a stolen session could send.
    senderLimit: { requests: 30, windowSeconds: 3600 },
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
