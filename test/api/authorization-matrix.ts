/**
 * The authorization matrix: for every route in shared/api/routes.ts, what each kind of caller gets.
 *
 * Callers (test/support/principals.ts): anonymous, and a signed-in consumer, otherConsumer, dealer, otherDealer,
 * pendingBroker, unlicensedBroker (approved, no licence), broker, otherBroker and admin.
 *
 * Verdicts:
 * - `allow`: the caller gets past authorization: anything but 401 and 403 (a 400 for the sample's missing input, or
 *   a 404 for a sample id, still proves it), and never a 5xx;
 * - `deny`: 401 for an anonymous caller (API Gateway's own answer), 403 in the error shape for a signed-in one;
 * - `hidden`: 404 in the error shape: the object exists but is not the caller's, and the answer does not say so.
 *
 * A row's `verdicts` are for the route itself (its sample request). Routes that reach one object (`/deals/{id}`)
 * add `objects`: one cell per kind of object the caller may or may not own, each naming the request (built from the
 * records the principals own) and every caller's verdict, for example
 *
 *   'GET /dealerships/{id}': {
 *     verdicts: signedIn,
 *     objects: [
 *       {
 *         name: "the demo dealer's dealership",
 *         request: ({ records }) => ({ path: `/dealerships/${records.dealership}` }),
 *         verdicts: { ...signedIn, otherDealer: 'hidden', consumer: 'deny', otherConsumer: 'deny' },
 *       },
 *     ],
 *   },
 *
 * A route without a row fails the suite, so every new route is placed in the matrix on purpose.
 */
import { CALLERS, type Caller, type Principals } from '@test/support/principals';

export { CALLERS, type Caller };

export type Verdict = 'allow' | 'deny' | 'hidden';

export interface ObjectCell {
  /** The object the request reaches, as a reader would say it: "another dealership's vehicle". */
  name: string;
  request: (principals: Principals) => { path: string; body?: unknown };
  verdicts: Record<Caller, Verdict>;
}

export interface MatrixRow {
  verdicts: Record<Caller, Verdict>;
  /** A concrete path for routes with parameters, and a body for writes. */
  sample?: { path?: string; body?: unknown };
  /** Object-level cells: the same route on objects owned by different principals. */
  objects?: ObjectCell[];
}

/** Every caller allowed. */
export const everyone: Record<Caller, Verdict> = Object.fromEntries(CALLERS.map((caller) => [caller, 'allow'])) as Record<
  Caller,
  Verdict
>;
/** Every signed-in caller allowed, anonymous denied. */
export const signedIn: Record<Caller, Verdict> = { ...everyone, anonymous: 'deny' };
/** Only the given callers allowed. */
export function only(...callers: Caller[]): Record<Caller, Verdict> {
  return Object.fromEntries(CALLERS.map((caller) => [caller, callers.includes(caller) ? 'allow' : 'deny'])) as Record<
    Caller,
    Verdict
  >;
}

/** Tasks: admins and approved brokers (a licence is not needed). */
const taskUsers = only('admin', 'broker', 'otherBroker', 'unlicensedBroker');
/** Admins, brokers (approved or not) and dealers: the staff app. */
/** The notification centre's callers: admins and brokers, approved or not. */
const notificationReaders = only('admin', 'broker', 'otherBroker', 'pendingBroker', 'unlicensedBroker');
const staff = only('admin', 'broker', 'otherBroker', 'pendingBroker', 'unlicensedBroker', 'dealer', 'otherDealer');
/** Staff writes: brokers must be approved and licensed. */
const approvedStaff = only('admin', 'broker', 'otherBroker', 'dealer', 'otherDealer');

/**
 * The book of clients and deals (and the dealerships and brokers a deal names): a broker pending review reads none
 * of it (docs/security.md, "Ownership"); an approved broker without a licence reads but does not write.
 */
const clientReaders = only('admin', 'broker', 'otherBroker', 'unlicensedBroker');
/** The staff app's deal reads: admins, approved brokers and dealers. */
const dealReaders = only('admin', 'broker', 'otherBroker', 'unlicensedBroker', 'dealer', 'otherDealer');

/** The academy: admins and every broker, approved or not. */
const academyLearners = only('admin', 'broker', 'otherBroker', 'pendingBroker', 'unlicensedBroker');
/** The lead inbox: admins, and brokers who may create the client and deal a lead becomes (approved, licensed). */
const leadWorkers = only('admin', 'broker', 'otherBroker');

/** A dealer sees their own dealership's vehicles only: another dealership's is hidden (404), like an unknown id. */
function vehicleCells(path: (id: string) => string, body?: unknown): ObjectCell[] {
  return [
    {
      name: "a vehicle of the demo dealer's dealership",
      request: ({ records }) => ({ path: path(records.dealerVehicle), body }),
      verdicts: { ...staff, otherDealer: 'hidden' },
    },
    {
      name: "a vehicle of otherDealer's dealership",
      request: ({ records }) => ({ path: path(records.otherDealerVehicle), body }),
      verdicts: { ...staff, dealer: 'hidden' },
    },
  ];
}

/** Admins and every broker, approved or not: a broker's own profile (an admin's, when they have one). */
const profileOwners = only('admin', 'broker', 'otherBroker', 'pendingBroker', 'unlicensedBroker');

/** The marketplace vehicles are deals: the same dealership rule on the deal routes. */
function dealCells(path: (id: string) => string, allowed: Record<Caller, Verdict>, body?: unknown): ObjectCell[] {
  return [
    {
      name: "a deal of the demo dealer's dealership",
      request: ({ records }) => ({ path: path(records.dealerVehicle), body }),
      verdicts: { ...allowed, otherDealer: 'hidden' },
    },
    {
      name: "a deal of otherDealer's dealership",
      request: ({ records }) => ({ path: path(records.otherDealerVehicle), body }),
      verdicts: { ...allowed, dealer: 'hidden' },
    },
  ];
}

/** otherConsumer's e-mail: taken, so a contact edit that gets past authorization is a 409 and writes nothing. */
const TAKEN_EMAIL_EDIT = { email: 'principal.other.consumer@example.com' };

/** The edit form, valid for every role that may save, on a revision no stored deal has any more. */
const staleDealEdit = {
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  monthlyPayment: 399,
  downPayment: 0,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 0,
  status: 'available',
  revision: 0,
};

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  'GET /me': { verdicts: signedIn },
  'POST /auth/signup-licence': { verdicts: everyone, sample: { body: {} } },
  // A broker pending approval sees the blocking "Account Pending Review" card and no figures (docs/decisions.md).
  'GET /dashboard': { verdicts: { ...signedIn, pendingBroker: 'deny' } },
  'GET /marketplace/trending': { verdicts: everyone },
  // The dashboard's panel: staff only, each caller's own view (a dealer their dealership's vehicles).
  'GET /dashboard/trending': { verdicts: staff },
  // Quotes (docs/decisions.md, "Quotes"): the public quote wizard and dealer sites, with or without a token.
  'POST /quote-requests': { verdicts: everyone, sample: { body: {} } },
  'GET /quote-agents': { verdicts: everyone },
  // The reserved vehicle of the wizard's address: public, and a 404 for an id that is no marketplace vehicle.
  'GET /quote-vehicles/{id}': { verdicts: everyone, sample: { path: '/quote-vehicles/01NOSUCHVEHICLE' } },
  'GET /openapi.json': { verdicts: everyone },
  // Lease (docs/decisions.md, "Lease"): the public lease calculator, with or without a token.
  'POST /lease/calculate': { verdicts: everyone, sample: { body: {} } },
  // Dealerships (docs/decisions.md, "Dealerships"): brokers view, admins manage; dealers and consumers are refused,
  // except that a dealer may read their own dealership (the marketplace form shows it locked).
  'GET /dealerships': { verdicts: clientReaders },
  'GET /dealerships/{id}': {
    verdicts: dealReaders,
    sample: { path: '/dealerships/01NOSUCHDEALERSHIP' },
    objects: [
      {
        name: "the demo dealer's dealership",
        request: ({ records }) => ({ path: `/dealerships/${records.dealership}` }),
        verdicts: {
          ...only('admin', 'broker', 'otherBroker', 'unlicensedBroker', 'dealer'),
          otherDealer: 'hidden',
        },
      },
      {
        name: "another dealer's dealership",
        request: ({ records }) => ({ path: `/dealerships/${records.otherDealership}` }),
        verdicts: {
          ...only('admin', 'broker', 'otherBroker', 'unlicensedBroker', 'otherDealer'),
          dealer: 'hidden',
        },
      },
    ],
  },
  // Admins add with every field; brokers who may create deals quick-add from the deal and marketplace forms.
  'POST /dealerships': { verdicts: only('admin', 'broker', 'otherBroker'), sample: { body: {} } },
  'PATCH /dealerships/{id}': { verdicts: only('admin'), sample: { path: '/dealerships/01NOSUCHDEALERSHIP', body: {} } },
  'DELETE /dealerships/{id}': { verdicts: only('admin'), sample: { path: '/dealerships/01NOSUCHDEALERSHIP' } },
  'GET /dealerships/{id}/dealers': { verdicts: only('admin'), sample: { path: '/dealerships/01NOSUCHDEALERSHIP/dealers' } },
  'POST /dealerships/{id}/dealers': {
    verdicts: only('admin'),
    sample: { path: '/dealerships/01NOSUCHDEALERSHIP/dealers', body: {} },
  },
  'DELETE /dealerships/{id}/dealers/{userId}': {
    verdicts: only('admin'),
    sample: { path: '/dealerships/01NOSUCHDEALERSHIP/dealers/01NOSUCHUSER' },
  },
  // The marketplace is the staff app's: consumers are routed away to their portal (docs/decisions.md, Marketplace).
  'GET /marketplace/vehicles': { verdicts: staff },
  'GET /marketplace/vehicles/{id}': { verdicts: staff, objects: vehicleCells((id) => `/marketplace/vehicles/${id}`) },
  'POST /marketplace/vehicles': { verdicts: approvedStaff, sample: { body: {} } },
  'PATCH /marketplace/vehicles/{id}': {
    verdicts: approvedStaff,
    sample: { body: {} },
    objects: [
      {
        name: "a vehicle of the demo dealer's dealership, added by the demo broker",
        request: ({ records }) => ({ path: `/marketplace/vehicles/${records.dealerVehicle}`, body: {} }),
        // Only admins and whoever added it may change it; the demo dealer sees it but did not add it.
        verdicts: { ...only('admin', 'broker'), otherDealer: 'hidden' },
      },
      {
        name: "a vehicle of otherDealer's dealership, added by otherBroker",
        request: ({ records }) => ({ path: `/marketplace/vehicles/${records.otherDealerVehicle}`, body: {} }),
        verdicts: { ...only('admin', 'otherBroker'), dealer: 'hidden' },
      },
    ],
  },
  'GET /marketplace/stock-numbers/{stockNumber}': { verdicts: staff, sample: { path: '/marketplace/stock-numbers/A-102' } },
  'POST /marketplace/vehicles/{id}/views': {
    verdicts: staff,
    sample: { body: { sessionId: 'matrix-session-0001' } },
    objects: vehicleCells((id) => `/marketplace/vehicles/${id}/views`, { sessionId: 'matrix-session-0001' }),
  },
  'POST /marketplace/images': { verdicts: approvedStaff, sample: { body: {} } },
  // Deals (docs/decisions.md, "Deals"): approved, licensed brokers and admins create; staff read and edit, a dealer
  // only their dealership's deals (another's is hidden, like an unknown id); consumers get no deal route here.
  'POST /deals': { verdicts: only('admin', 'broker', 'otherBroker'), sample: { body: {} } },
  // Consumers read their own deals only (the reduced view); every other deal is hidden from them like an unknown id.
  'GET /deals/{id}': {
    verdicts: { ...signedIn, pendingBroker: 'deny' },
    sample: { path: '/deals/01NOSUCHDEAL' },
    objects: [
      ...dealCells((id) => `/deals/${id}`, { ...dealReaders, consumer: 'hidden', otherConsumer: 'hidden' }),
      {
        name: "the demo consumer's closed deal",
        request: ({ records }) => ({ path: `/deals/${records.consumerDeal}` }),
        verdicts: { ...signedIn, pendingBroker: 'deny', otherConsumer: 'hidden', dealer: 'hidden', otherDealer: 'hidden' },
      },
    ],
  },
  'PATCH /deals/{id}': {
    verdicts: approvedStaff,
    sample: { path: '/deals/01NOSUCHDEAL', body: staleDealEdit },
    // A valid edit on revision 0: those allowed get 409 (stale), so the demo vehicles are never changed by the suite.
    objects: dealCells((id) => `/deals/${id}`, approvedStaff, staleDealEdit),
  },
  'DELETE /deals/{id}': { verdicts: only('admin'), sample: { path: '/deals/01NOSUCHDEAL' } },
  'POST /deals/{id}/credit-application-link': {
    verdicts: approvedStaff,
    sample: { path: '/deals/01NOSUCHDEAL/credit-application-link' },
    objects: dealCells((id) => `/deals/${id}/credit-application-link`, approvedStaff),
  },
  'GET /archived-deals': { verdicts: only('admin') },
  // The "Maturing" view: admins and approved brokers (own book: their own deals, maturity.int.test.ts).
  'GET /maturing-deals': { verdicts: clientReaders },
  'GET /assignable-brokers': { verdicts: clientReaders },
  // The deals list: the staff app's; a dealer's page holds their dealership's deals only (functions/deals/list.int.test.ts).
  'GET /deals': { verdicts: dealReaders },
  // The global search (docs/decisions.md, "Global search"): staff who may open records; each kind is cut to the
  // caller inside (functions/search/search.int.test.ts). Consumers and pending brokers 403.
  'GET /search': { verdicts: dealReaders, sample: { path: '/search?q=toyota' } },
  // Clients (docs/decisions.md, "Clients"): admins and brokers share the book; brokers who may create deals write;
  // only admins delete. Dealers and consumers are routed away from /clients.
  'GET /clients': { verdicts: clientReaders },
  'GET /clients/{id}': { verdicts: clientReaders, sample: { path: '/clients/01NOSUCHCLIENT' } },
  'POST /clients': { verdicts: only('admin', 'broker', 'otherBroker'), sample: { body: {} } },
  // Contact details are the client's broker's or an admin's to change (docs/security.md, "Ownership"): the cells move
  // the demo consumer's client to otherConsumer's e-mail, taken, so those allowed get 409 and nothing is written.
  'PATCH /clients/{id}': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/clients/01NOSUCHCLIENT', body: {} },
    objects: [
      {
        name: "the demo broker's client, its e-mail changed",
        request: ({ records }) => ({ path: `/clients/${records.consumerClient}`, body: TAKEN_EMAIL_EDIT }),
        verdicts: only('admin', 'broker'),
      },
    ],
  },
  'DELETE /clients/{id}': { verdicts: only('admin'), sample: { path: '/clients/01NOSUCHCLIENT' } },
  'GET /clients/{id}/deals': { verdicts: clientReaders, sample: { path: '/clients/01NOSUCHCLIENT/deals' } },
  'GET /clients/{id}/activity': { verdicts: clientReaders, sample: { path: '/clients/01NOSUCHCLIENT/activity' } },
  // Consumers (docs/decisions.md, "Consumers"). Inviting is the client's broker's (its creator) or an admin's
  // (docs/security.md, "Ownership"); every broker reads every client, so another broker gets 403, not 404. The sample
  // is a client that does not exist (404 for those allowed), the object cells are clients with a portal account
  // already (409 for those allowed): the suite sends no invitations.
  'POST /clients/{id}/invitations': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/clients/01NOSUCHCLIENT/invitations', body: { invitationType: 'email' } },
    objects: [
      {
        name: "the demo consumer's client (created by the demo broker)",
        request: ({ records }) => ({ path: `/clients/${records.consumerClient}/invitations`, body: { invitationType: 'email' } }),
        verdicts: only('admin', 'broker'),
      },
      {
        name: "otherConsumer's client (created by otherBroker)",
        request: ({ records }) => ({
          path: `/clients/${records.otherConsumerClient}/invitations`,
          body: { invitationType: 'email' },
        }),
        verdicts: only('admin', 'otherBroker'),
      },
    ],
  },
  // The sign-up page's routes are public: the token is the credential.
  'GET /invitations/{token}': { verdicts: everyone, sample: { path: '/invitations/matrixNoSuchToken0000000' } },
  'POST /invitations/{token}/accept': {
    verdicts: everyone,
    sample: { path: '/invitations/matrixNoSuchToken0000000/accept', body: {} },
  },
  'POST /invitations/{token}/email-code': {
    verdicts: everyone,
    sample: { path: '/invitations/matrixNoSuchToken0000000/email-code' },
  },
  'GET /consumer/portal': { verdicts: only('consumer', 'otherConsumer') },
  // A referral needs the consumer's own closed deal: the sample's unknown deal is a 404 for consumers.
  'POST /referrals': {
    verdicts: only('consumer', 'otherConsumer'),
    sample: { body: { fullName: 'Matrix Friend', email: 'matrix.friend@example.com', dealId: '01NOSUCHDEAL' } },
  },
  // Brokers (docs/decisions.md, "Brokers"): the performance page and approvals are the admins'; every broker (approved
  // or not) and an admin with a broker profile read and change their own profile. A broker's licence is seen by the
  // broker and admins only; another broker gets the same 404 as for an id that does not exist.
  'GET /admin/brokers': { verdicts: only('admin') },
  'GET /admin/broker-stats': { verdicts: only('admin') },
  'GET /admin/brokers/{id}': { verdicts: only('admin'), sample: { path: '/admin/brokers/01NOSUCHBROKER' } },
  'PATCH /admin/brokers/{id}': { verdicts: only('admin'), sample: { path: '/admin/brokers/01NOSUCHBROKER', body: {} } },
  // The client book (docs/security.md, "Ownership"): admins only; the sample body is refused (400), nothing switches.
  'GET /admin/settings': { verdicts: only('admin') },
  'PUT /admin/settings': { verdicts: only('admin'), sample: { body: {} } },
  'GET /profile': { verdicts: profileOwners },
  // An empty body is refused (400) before anything changes: the principals' phones are left as they are.
  'PATCH /profile': { verdicts: profileOwners, sample: { body: {} } },
  'POST /profile/photo-upload': { verdicts: profileOwners, sample: { body: {} } },
  'POST /profile/photo': { verdicts: profileOwners, sample: { body: {} } },
  'POST /profile/licence-upload': { verdicts: profileOwners, sample: { body: {} } },
  'POST /profile/licence': { verdicts: profileOwners, sample: { body: {} } },
  'GET /brokers/{id}/licence-url': {
    verdicts: profileOwners,
    sample: { path: '/brokers/01NOSUCHBROKER/licence-url' },
    objects: [
      {
        name: "the demo broker's licence",
        request: ({ of }) => ({ path: `/brokers/${of.broker.userId}/licence-url` }),
        verdicts: { ...only('admin', 'broker'), otherBroker: 'hidden', pendingBroker: 'hidden', unlicensedBroker: 'hidden' },
      },
      {
        name: "otherBroker's licence",
        request: ({ of }) => ({ path: `/brokers/${of.otherBroker.userId}/licence-url` }),
        verdicts: { ...only('admin', 'otherBroker'), broker: 'hidden', pendingBroker: 'hidden', unlicensedBroker: 'hidden' },
      },
    ],
  },
  // The commission ledger (docs/decisions.md, "Commission ledger"): a statement is its broker's and the admins'
  // (another broker gets the same 404 as for an id that does not exist); adjustments and payouts are admins' only,
  // and the sample bodies are refused (400) before anything is written.
  'GET /brokers/{id}/commission': {
    verdicts: profileOwners,
    sample: { path: '/brokers/01NOSUCHBROKER/commission' },
    objects: [
      {
        name: "the demo broker's statement",
        request: ({ of }) => ({ path: `/brokers/${of.broker.userId}/commission` }),
        verdicts: { ...only('admin', 'broker'), otherBroker: 'hidden', pendingBroker: 'hidden', unlicensedBroker: 'hidden' },
      },
      {
        name: "otherBroker's statement",
        request: ({ of }) => ({ path: `/brokers/${of.otherBroker.userId}/commission` }),
        verdicts: { ...only('admin', 'otherBroker'), broker: 'hidden', pendingBroker: 'hidden', unlicensedBroker: 'hidden' },
      },
    ],
  },
  'GET /admin/commission': { verdicts: only('admin') },
  'POST /admin/commission/adjustments': { verdicts: only('admin'), sample: { body: {} } },
  'POST /admin/commission/payouts': { verdicts: only('admin'), sample: { body: {} } },
  // The brokered-vehicle log (docs/decisions.md, "Brokered-vehicle log"): the brokerage's books, admins only.
  'GET /admin/brokered-vehicles': {
    verdicts: only('admin'),
    sample: { path: '/admin/brokered-vehicles?from=2026-01-01&to=2026-01-31' },
  },
  'GET /admin/brokered-vehicles/export': {
    verdicts: only('admin'),
    sample: { path: '/admin/brokered-vehicles/export?from=2026-01-01&to=2026-01-31' },
  },
  // Credit applications (docs/decisions.md, "Credit applications"): the applicant's page and the provider's webhook
  // are public (an unknown token reads `invalid`; an unsigned webhook is a 400); regenerating is the link's writers'.
  'GET /credit-applications/{token}': { verdicts: everyone, sample: { path: '/credit-applications/nosuchtoken' } },
  'GET /credit-applications/forms/{type}': { verdicts: everyone, sample: { path: '/credit-applications/forms/generic' } },
  // Replacing the link (the client's message goes dead) is the deal's broker's or an admin's (docs/security.md,
  // "Ownership"): dealers are refused by role; every broker reads every deal, so another broker gets 403, not 404.
  'POST /deals/{id}/credit-application-link/regenerate': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/deals/01NOSUCHDEAL/credit-application-link/regenerate' },
    objects: [
      {
        name: "a deal whose broker is the demo broker (a vehicle of the demo dealer's dealership)",
        request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/credit-application-link/regenerate` }),
        verdicts: only('admin', 'broker'),
      },
      {
        name: "a deal whose broker is otherBroker (a vehicle of otherDealer's dealership)",
        request: ({ records }) => ({ path: `/deals/${records.otherDealerVehicle}/credit-application-link/regenerate` }),
        verdicts: only('admin', 'otherBroker'),
      },
    ],
  },
  'POST /webhooks/e-signature': { verdicts: everyone, sample: { body: {} } },
  // Proposals (docs/decisions.md, "Proposals"): sharing and revoking speak for the deal's broker (its broker or an
  // admin; another broker reads the deal, so 403); staff who see the deal list its proposals; the consumer of the deal
  // reads them in the portal (another consumer's deal is hidden); the link's page, accept and question are public.
  'POST /deals/{id}/proposals': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/deals/01NOSUCHDEAL/proposals' },
    objects: [
      {
        name: "a deal whose broker is the demo broker (a vehicle of the demo dealer's dealership)",
        request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/proposals` }),
        verdicts: only('admin', 'broker'),
      },
      {
        name: "a deal whose broker is otherBroker (a vehicle of otherDealer's dealership)",
        request: ({ records }) => ({ path: `/deals/${records.otherDealerVehicle}/proposals` }),
        verdicts: only('admin', 'otherBroker'),
      },
    ],
  },
  'GET /deals/{id}/proposals': {
    verdicts: dealReaders,
    sample: { path: '/deals/01NOSUCHDEAL/proposals' },
    objects: dealCells((id) => `/deals/${id}/proposals`, dealReaders),
  },
  'POST /deals/{id}/proposals/{proposalId}/revoke': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/deals/01NOSUCHDEAL/proposals/01NOSUCHPROPOSAL/revoke' },
    objects: [
      {
        name: 'an unknown proposal of a deal whose broker is the demo broker (404 for those who may revoke)',
        request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/proposals/01NOSUCHPROPOSAL/revoke` }),
        verdicts: only('admin', 'broker'),
      },
    ],
  },
  'GET /consumer/deals/{id}/proposals': {
    verdicts: only('consumer', 'otherConsumer'),
    sample: { path: '/consumer/deals/01NOSUCHDEAL/proposals' },
    objects: [
      {
        name: "the demo consumer's deal",
        request: ({ records }) => ({ path: `/consumer/deals/${records.consumerDeal}/proposals` }),
        verdicts: { ...only('consumer'), otherConsumer: 'hidden' },
      },
    ],
  },
  'POST /consumer/deals/{id}/proposals/{proposalId}/accept': {
    verdicts: only('consumer', 'otherConsumer'),
    sample: { path: '/consumer/deals/01NOSUCHDEAL/proposals/01NOSUCHPROPOSAL/accept' },
    objects: [
      {
        name: "an unknown proposal of the demo consumer's deal (404 for everyone allowed)",
        request: ({ records }) => ({ path: `/consumer/deals/${records.consumerDeal}/proposals/01NOSUCHPROPOSAL/accept` }),
        verdicts: { ...only('consumer'), otherConsumer: 'hidden' },
      },
    ],
  },
  'POST /consumer/deals/{id}/proposals/{proposalId}/questions': {
    verdicts: only('consumer', 'otherConsumer'),
    sample: { path: '/consumer/deals/01NOSUCHDEAL/proposals/01NOSUCHPROPOSAL/questions', body: {} },
  },
  'GET /proposals/{token}': { verdicts: everyone, sample: { path: '/proposals/nosuchtoken' } },
  'POST /proposals/{token}/accept': { verdicts: everyone, sample: { path: '/proposals/nosuchtoken/accept' } },
  'POST /proposals/{token}/questions': { verdicts: everyone, sample: { path: '/proposals/nosuchtoken/questions', body: {} } },
  // Payments (docs/decisions.md, "Payments"): a consumer pays for their own deals only (another deal is hidden, like
  // an unknown id); admins may open a checkout for any deal; the provider's webhook is public and signed.
  'POST /deals/{id}/concierge-payment': {
    verdicts: only('consumer', 'otherConsumer', 'admin'),
    sample: { path: '/deals/01NOSUCHDEAL/concierge-payment' },
    objects: [
      {
        name: "a deal of the demo dealer's dealership (no consumer's)",
        request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/concierge-payment` }),
        verdicts: { ...only('admin'), consumer: 'hidden', otherConsumer: 'hidden' },
      },
    ],
  },
  // The brokering agreement (docs/decisions.md, "Agreements"): admins write its versions; staff who read deals read a
  // deal's agreement state; the deal's broker or an admin sends the link (another broker reads the deal, so 403); the
  // consumer reads and signs their own deal's agreement (another consumer's deal is hidden, like an unknown id).
  'GET /admin/agreement': { verdicts: only('admin') },
  'POST /admin/agreement/versions': { verdicts: only('admin'), sample: { body: {} } },
  'GET /deals/{id}/agreement': {
    verdicts: only('admin', 'broker', 'otherBroker', 'unlicensedBroker'),
    sample: { path: '/deals/01NOSUCHDEAL/agreement' },
    objects: [
      {
        name: "a deal whose broker is the demo broker (a vehicle of the demo dealer's dealership)",
        request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/agreement` }),
        verdicts: only('admin', 'broker', 'otherBroker', 'unlicensedBroker'),
      },
    ],
  },
  'POST /deals/{id}/agreement/send': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/deals/01NOSUCHDEAL/agreement/send' },
    objects: [
      {
        name: "a deal whose broker is the demo broker (a vehicle of the demo dealer's dealership, no client: 409 when allowed)",
        request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/agreement/send` }),
        verdicts: only('admin', 'broker'),
      },
    ],
  },
  'GET /consumer/deals/{id}/agreement': {
    verdicts: only('consumer', 'otherConsumer'),
    sample: { path: '/consumer/deals/01NOSUCHDEAL/agreement' },
    objects: [
      {
        name: "the demo consumer's deal",
        request: ({ records }) => ({ path: `/consumer/deals/${records.consumerDeal}/agreement` }),
        verdicts: { ...only('consumer'), otherConsumer: 'hidden' },
      },
    ],
  },
  'POST /consumer/deals/{id}/agreement/signature': {
    verdicts: only('consumer', 'otherConsumer'),
    sample: { path: '/consumer/deals/01NOSUCHDEAL/agreement/signature', body: {} },
  },
  // Only admins resolve a payment to review (docs/decisions.md, "Payments"); for an unknown deal, a 404.
  'POST /deals/{id}/payments-to-review/resolve': {
    verdicts: only('admin'),
    sample: {
      path: '/deals/01NOSUCHDEAL/payments-to-review/resolve',
      body: { eventId: 'evt_none', resolution: 'dismiss', note: 'Refunded', revision: 0 },
    },
  },
  'POST /webhooks/payments': { verdicts: everyone, sample: { body: {} } },
  // Academy (docs/decisions.md, "Academy"): every broker (approved or not) and admins learn; only admins manage.
  'GET /academy': { verdicts: academyLearners },
  'POST /academy/{id}/complete': { verdicts: academyLearners, sample: { path: '/academy/01NOSUCHCONTENT/complete', body: {} } },
  'GET /admin/academy': { verdicts: only('admin') },
  'POST /admin/academy': { verdicts: only('admin'), sample: { body: {} } },
  'PATCH /admin/academy/{id}': { verdicts: only('admin'), sample: { path: '/admin/academy/01NOSUCHCONTENT', body: {} } },
  'DELETE /admin/academy/{id}': { verdicts: only('admin'), sample: { path: '/admin/academy/01NOSUCHCONTENT' } },
  'POST /admin/academy-order': { verdicts: only('admin'), sample: { body: {} } },
  // Leads (docs/decisions.md, "Leads"): admins and approved, licensed brokers; only admins assign, only brokers
  // claim. Which leads a broker may reach is functions/leads/api.int.test.ts's concern (404 for another's lead).
  'GET /leads': { verdicts: leadWorkers },
  'GET /leads/{id}': { verdicts: leadWorkers, sample: { path: '/leads/01NOSUCHLEAD' } },
  'POST /leads/{id}/assign': {
    verdicts: only('admin'),
    sample: { path: '/leads/01NOSUCHLEAD/assign', body: { brokerId: null, revision: 0 } },
  },
  'POST /leads/{id}/claim': { verdicts: only('broker', 'otherBroker'), sample: { path: '/leads/01NOSUCHLEAD/claim' } },
  'PATCH /leads/{id}/status': { verdicts: leadWorkers, sample: { path: '/leads/01NOSUCHLEAD/status', body: {} } },
  'POST /leads/{id}/convert': { verdicts: leadWorkers, sample: { path: '/leads/01NOSUCHLEAD/convert' } },
  // ADF leads (docs/decisions.md, "ADF leads"): the webhook is public behind its secret token (an unknown one is a
  // 404 for everyone); admins alone manage lead addresses; "Send to dealer" is for admins and the brokers who may edit
  // the deal (approved and licensed), never dealers.
  'POST /leads/adf/{token}': { verdicts: everyone, sample: { path: '/leads/adf/AAAAAAAAAAAAAAAAAAAAAA' } },
  'GET /adf-inbound/{owner}': { verdicts: only('admin'), sample: { path: '/adf-inbound/01NOSUCHDEALERSHIP' } },
  'POST /adf-inbound/{owner}/regenerate': {
    verdicts: only('admin'),
    sample: { path: '/adf-inbound/01NOSUCHDEALERSHIP/regenerate' },
  },
  'DELETE /adf-inbound/{owner}': { verdicts: only('admin'), sample: { path: '/adf-inbound/01NOSUCHDEALERSHIP' } },
  'POST /deals/{id}/send-to-dealer': {
    verdicts: only('admin', 'broker', 'otherBroker'),
    sample: { path: '/deals/01NOSUCHDEAL/send-to-dealer' },
  },
  // Notifications (docs/decisions.md, "Notifications"): admins and brokers in any standing, each only their own
  // (another user's notification is 404: functions/notifications/api.int.test.ts).
  'GET /notifications': { verdicts: notificationReaders },
  'POST /notifications/{id}/read': {
    verdicts: notificationReaders,
    sample: { path: '/notifications/01NOSUCHNOTIFICATION/read' },
  },
  'POST /notifications/read-all': { verdicts: notificationReaders },
  'GET /notifications/preferences': { verdicts: notificationReaders },
  'PUT /notifications/preferences': { verdicts: notificationReaders, sample: { body: { email: {} } } },
  // Tasks: admins and approved brokers (licensed or not); a broker reaches only tasks assigned to them or made by
  // them (another broker's task is 404: functions/tasks/api.int.test.ts).
  'GET /tasks': { verdicts: taskUsers },
  'POST /tasks': { verdicts: taskUsers, sample: { body: {} } },
  'GET /task-settings': { verdicts: taskUsers },
  'PUT /task-settings': { verdicts: taskUsers, sample: { body: {} } },
  'GET /tasks/of/{kind}/{id}': { verdicts: taskUsers, sample: { path: '/tasks/of/deal/NOSUCHDEAL' } },
  'GET /tasks/{id}': { verdicts: taskUsers, sample: { path: '/tasks/01NOSUCHTASK' } },
  'PATCH /tasks/{id}': { verdicts: taskUsers, sample: { path: '/tasks/01NOSUCHTASK', body: {} } },
  'POST /tasks/{id}/status': { verdicts: taskUsers, sample: { path: '/tasks/01NOSUCHTASK/status', body: {} } },
  // CSV import and export (docs/decisions.md, "CSV import and export"): exports as the lists they come from (each
  // broker only their own records: functions/transfers/api.int.test.ts); importing clients is creating them, and
  // another user's import is 404 like an unknown one (the API test).
  'GET /exports/clients': { verdicts: clientReaders },
  'GET /exports/deals': { verdicts: clientReaders },
  'GET /exports/leads': { verdicts: leadWorkers },
  'POST /client-imports/matches': { verdicts: leadWorkers, sample: { body: {} } },
  'POST /client-imports': { verdicts: leadWorkers, sample: { body: {} } },
  'POST /client-imports/{id}/rows': { verdicts: leadWorkers, sample: { path: '/client-imports/01NOSUCHIMPORT/rows', body: {} } },
  // Lender programs: approved brokers (licensed or not) read them, admins keep them (docs/security.md).
  'GET /programs/lenders': { verdicts: clientReaders },
  'POST /programs/lenders': { verdicts: only('admin'), sample: { body: {} } },
  'GET /programs/lenders/{lenderId}/versions': {
    verdicts: clientReaders,
    sample: { path: '/programs/lenders/no-such-lender/versions' },
  },
  'POST /programs/lenders/{lenderId}/versions': {
    verdicts: only('admin'),
    sample: { path: '/programs/lenders/no-such-lender/versions', body: {} },
  },
  'GET /programs/lenders/{lenderId}/versions/{month}/rows': {
    verdicts: clientReaders,
    sample: { path: '/programs/lenders/no-such-lender/versions/2026-12/rows' },
  },
  'POST /programs/lenders/{lenderId}/versions/{month}/rows': {
    verdicts: only('admin'),
    sample: { path: '/programs/lenders/no-such-lender/versions/2026-12/rows', body: {} },
  },
  'GET /programs/match': { verdicts: clientReaders },
};

/**
 * Own book (docs/security.md, "Ownership"): the same routes with the company's client book switched to own book
 * (authorization.test.ts switches it for these cells only). A broker reaches only the clients and deals they own and
 * the leads they hold: another broker's is hidden (404) like an unknown id; admins reach everything, dealers and
 * consumers are as in the shared book. The demo broker owns the demo consumer's client, the demo dealer's vehicle
 * (a deal) and `brokerLead`; otherBroker owns otherConsumer's client and otherDealer's vehicle; `poolLead` is
 * nobody's, and in own book there is no pool for brokers.
 */
const clientOwner = (owner: 'broker' | 'otherBroker'): Record<Caller, Verdict> => ({
  ...only('admin', owner),
  ...(owner === 'broker' ? { otherBroker: 'hidden' as const } : { broker: 'hidden' as const }),
  unlicensedBroker: 'hidden',
});

export const OWN_BOOK_MATRIX: Record<string, ObjectCell[]> = {
  'GET /clients/{id}': [
    {
      name: "the demo broker's client",
      request: ({ records }) => ({ path: `/clients/${records.consumerClient}` }),
      verdicts: clientOwner('broker'),
    },
    {
      name: "otherBroker's client",
      request: ({ records }) => ({ path: `/clients/${records.otherConsumerClient}` }),
      verdicts: clientOwner('otherBroker'),
    },
  ],
  'GET /clients/{id}/deals': [
    {
      name: "the demo broker's client",
      request: ({ records }) => ({ path: `/clients/${records.consumerClient}/deals` }),
      verdicts: clientOwner('broker'),
    },
  ],
  'GET /clients/{id}/activity': [
    {
      name: "the demo broker's client",
      request: ({ records }) => ({ path: `/clients/${records.consumerClient}/activity` }),
      verdicts: clientOwner('broker'),
    },
  ],
  'PATCH /clients/{id}': [
    {
      // The unlicensed broker is refused by the route table (403) before the book is looked at.
      name: "the demo broker's client, its e-mail changed",
      request: ({ records }) => ({ path: `/clients/${records.consumerClient}`, body: TAKEN_EMAIL_EDIT }),
      verdicts: { ...clientOwner('broker'), unlicensedBroker: 'deny' },
    },
  ],
  'GET /deals/{id}': [
    {
      name: "the demo broker's deal (the demo dealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}` }),
      verdicts: {
        ...dealReaders,
        otherBroker: 'hidden',
        unlicensedBroker: 'hidden',
        otherDealer: 'hidden',
        consumer: 'hidden',
        otherConsumer: 'hidden',
      },
    },
    {
      name: "otherBroker's deal (otherDealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.otherDealerVehicle}` }),
      verdicts: {
        ...dealReaders,
        broker: 'hidden',
        unlicensedBroker: 'hidden',
        dealer: 'hidden',
        consumer: 'hidden',
        otherConsumer: 'hidden',
      },
    },
  ],
  'PATCH /deals/{id}': [
    {
      // A stale revision: those allowed get 409, nothing is written.
      name: "the demo broker's deal (the demo dealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}`, body: staleDealEdit }),
      verdicts: { ...approvedStaff, otherBroker: 'hidden', otherDealer: 'hidden' },
    },
  ],
  // The owner's acts on another broker's record: in own book it is not theirs to read, so a 404 (a 403 in the shared
  // book). The unlicensed broker is refused by the route table (403) before the book is looked at.
  'POST /clients/{id}/invitations': [
    {
      name: "the demo consumer's client (the demo broker's)",
      request: ({ records }) => ({ path: `/clients/${records.consumerClient}/invitations`, body: { invitationType: 'email' } }),
      verdicts: { ...only('admin', 'broker'), otherBroker: 'hidden' },
    },
    {
      name: "otherConsumer's client (otherBroker's)",
      request: ({ records }) => ({
        path: `/clients/${records.otherConsumerClient}/invitations`,
        body: { invitationType: 'email' },
      }),
      verdicts: { ...only('admin', 'otherBroker'), broker: 'hidden' },
    },
  ],
  // A deal's proposals: in own book another broker's deal is hidden from the list as from the deal page.
  'GET /deals/{id}/proposals': [
    {
      name: "the demo broker's deal (the demo dealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/proposals` }),
      verdicts: { ...dealReaders, otherBroker: 'hidden', unlicensedBroker: 'hidden', otherDealer: 'hidden' },
    },
    {
      name: "otherBroker's deal (otherDealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.otherDealerVehicle}/proposals` }),
      verdicts: { ...dealReaders, broker: 'hidden', unlicensedBroker: 'hidden', dealer: 'hidden' },
    },
  ],
  'POST /deals/{id}/proposals/{proposalId}/revoke': [
    {
      name: "an unknown proposal of otherBroker's deal (otherDealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.otherDealerVehicle}/proposals/01NOSUCHPROPOSAL/revoke` }),
      verdicts: { ...only('admin', 'otherBroker'), broker: 'hidden' },
    },
  ],
  'POST /deals/{id}/credit-application-link/regenerate': [
    {
      name: "the demo broker's deal (the demo dealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.dealerVehicle}/credit-application-link/regenerate` }),
      verdicts: { ...only('admin', 'broker'), otherBroker: 'hidden' },
    },
    {
      name: "otherBroker's deal (otherDealer's vehicle)",
      request: ({ records }) => ({ path: `/deals/${records.otherDealerVehicle}/credit-application-link/regenerate` }),
      verdicts: { ...only('admin', 'otherBroker'), broker: 'hidden' },
    },
  ],
  'GET /leads/{id}': [
    {
      name: 'a lead assigned to the demo broker',
      request: ({ records }) => ({ path: `/leads/${records.brokerLead}` }),
      verdicts: { ...leadWorkers, otherBroker: 'hidden' },
    },
    {
      name: 'a lead of the open pool',
      request: ({ records }) => ({ path: `/leads/${records.poolLead}` }),
      verdicts: { ...leadWorkers, broker: 'hidden', otherBroker: 'hidden' },
    },
  ],
  'PATCH /leads/{id}/status': [
    {
      // The same status as stored: those allowed change nothing.
      name: 'a lead assigned to the demo broker',
      request: ({ records }) => ({ path: `/leads/${records.brokerLead}/status`, body: { status: 'contacted' } }),
      verdicts: { ...leadWorkers, otherBroker: 'hidden' },
    },
  ],
};
