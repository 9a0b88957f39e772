/**
 * Every kind of caller the API suites send requests as, signed in, with the table records that make each one what
 * it is. The demo users of the seed are one of each role; the others exist so that a suite can ask "may a caller
 * of the same role, but not the owner, do this?":
 * - unlicensedBroker: an approved broker without a licence (blocked from `brokerStanding: 'licensed'` routes like a pending one);
 * - otherBroker: a second approved, licensed broker (not the owner of the demo broker's clients and deals);
 * - otherDealer: a dealer of another dealership than the demo dealer's;
 * - otherConsumer: a second consumer, the client of otherBroker (not the demo consumer).
 *
 * `loadPrincipals()` is the one function that creates them: Cognito users through the admin API (as an admin
 * would create them, no trigger runs) and their records through the data layer's stores. It is idempotent (fixed
 * e-mail addresses), so every test file of a run shares the same principals and the table grows once.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createData, type Data } from '@infra/data/create-data';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { Role } from '@shared/auth/roles';
import { EXTRA_USERS } from './principal-users';
import { claimsOf, cognito, createUser, getStack, signIn, TEST_PASSWORD } from './stack';

export const CALLERS = [
  'anonymous',
  'consumer',
  'otherConsumer',
  'dealer',
  'otherDealer',
  'pendingBroker',
  'unlicensedBroker',
  'broker',
  'otherBroker',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous'>;

export interface Principal {
  caller: SignedInCaller;
  role: Role;
  userId: string;
  email: string;
  /** The Cognito ID token, as the SPA sends it. */
  token: string;
}

/** Records owned by particular principals, for object-level cells of the authorization matrix. */
export interface OwnedRecords {
  /** The demo dealer's dealership. */
  dealership: string;
  /** otherDealer's dealership. */
  otherDealership: string;
  /** The demo consumer's client record (a client of the demo broker). */
  consumerClient: string;
  /** otherConsumer's client record (a client of otherBroker). */
  otherConsumerClient: string;
  /** The demo consumer's closed deal (seeded, of the demo dealer's dealership or another). */
  consumerDeal: string;
  /** A marketplace vehicle of the demo dealer's dealership, added by the demo broker. */
  dealerVehicle: string;
  /** A marketplace vehicle of otherDealer's dealership, added by otherBroker. */
  otherDealerVehicle: string;
  /** A lead assigned to the demo broker (contacted: it counts in no new-lead figure). */
  brokerLead: string;
  /** A lead of the open pool: unassigned, naming no agent (contacted). */
  poolLead: string;
}

export interface Principals {
  /** Every signed-in caller; `anonymous` has none. */
  of: Record<SignedInCaller, Principal>;
  records: OwnedRecords;
  /** The bearer token of a caller, undefined for anonymous. */
  tokenOf: (caller: Caller) => string | undefined;
  /** The role of a caller, null for anonymous. */
  roleOf: (caller: Caller) => Role | null;
}

/** Creates the Cognito user, or finds it when an earlier test file of this run did; returns its id (sub). */
async function ensureCognitoUser(role: Role, email: string): Promise<string> {
  try {
    return (await createUser(role, email)).userId;
  } catch (error) {
    if ((error as Error).name !== 'UsernameExistsException') throw error;
  }
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: getStack().userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`No id for ${email}`);
  return sub;
}

/** The table records that make each extra principal what it is (each step is a no-op when it exists already). */
async function ensureRecords(
  data: Data,
  ids: Record<keyof typeof EXTRA_USERS, string>,
  now: Date,
): Promise<Pick<OwnedRecords, 'otherDealership' | 'otherConsumerClient'>> {
  const { unlicensedBroker, otherBroker, otherDealer, otherConsumer } = EXTRA_USERS;
  await data.users.registerBroker(
    { userId: ids.unlicensedBroker, email: unlicensedBroker.email, fullName: unlicensedBroker.fullName },
    now,
    {
      isApproved: true,
      isLicensed: false,
    },
  );
  await data.users.registerBroker({ userId: ids.otherBroker, email: otherBroker.email, fullName: otherBroker.fullName }, now, {
    isApproved: true,
    isLicensed: true,
  });

  const dealer = await data.users.get(ids.otherDealer);
  const otherDealership =
    dealer?.dealershipId ??
    (await data.dealerships.create({ name: 'Principal Other Motors', location: 'Reno, NV' }, now)).dealership.id;
  if (!dealer) {
    await data.users.create(
      {
        userId: ids.otherDealer,
        role: 'dealer',
        fullName: otherDealer.fullName,
        email: otherDealer.email,
        dealershipId: otherDealership,
      },
      now,
    );
  }

  await data.users.create(
    { userId: ids.otherConsumer, role: 'consumer', fullName: otherConsumer.fullName, email: otherConsumer.email },
    now,
  );
  const client =
    (await data.clients.getByUser(ids.otherConsumer)) ??
    (
      await data.clients.create(
        { fullName: otherConsumer.fullName, email: otherConsumer.email, profileId: ids.otherBroker, userId: ids.otherConsumer },
        now,
      )
    ).client;
  return { otherDealership, otherConsumerClient: client.id };
}

/** Fixed ids (and stock numbers), so that every test file of a run finds the same two vehicles. */
const PRINCIPAL_VEHICLES = {
  dealerVehicle: '01PR1NC1PA1DEA1ERVEH1C1E00',
  otherDealerVehicle: '01PR1NC1PA1OTHERVEH1C1E000',
} as const;

async function ensureVehicles(
  data: Data,
  now: Date,
  vehicles: { id: string; dealershipId: string; brokerId: string }[],
): Promise<Pick<OwnedRecords, 'dealerVehicle' | 'otherDealerVehicle'>> {
  for (const { id, dealershipId, brokerId } of vehicles) {
    // A second call finds the id taken and changes nothing (created: false).
    await data.deals.create(
      {
        id,
        stockNumber: `PRINCIPAL-${id}`,
        dealershipId,
        brokerId,
        year: 2026,
        make: 'Principal',
        model: 'Vehicle',
        dealType: 'lease',
        status: 'available',
        monthlyPayment: 399,
        downPayment: 0,
        termMonths: 36,
        availableStock: 1,
        isArchived: false,
        creditAppFormType: 'generic',
      },
      now,
    );
  }
  return PRINCIPAL_VEHICLES;
}

/** Fixed ids and an old creation time: they sort after every lead a test creates, and count as no new lead. */
const PRINCIPAL_LEADS = {
  brokerLead: '01PR1NC1PA1BR0KER1EAD00000',
  poolLead: '01PR1NC1PA1P001EAD000000000',
} as const;

async function ensureLeads(data: Data, broker: Principal): Promise<Pick<OwnedRecords, 'brokerLead' | 'poolLead'>> {
  const base = {
    lastName: 'Lead',
    phone: '+15035550123',
    zipCode: '97201',
    vehiclePreference: 'help' as const,
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'contacted' as const,
  };
  // A second call finds the id taken and changes nothing.
  await data.leads.create({
    ...base,
    id: PRINCIPAL_LEADS.brokerLead,
    firstName: 'Assigned',
    email: 'principal.assigned.lead@example.com',
    assignedBrokerId: broker.userId,
    assignedBrokerName: 'Demo Broker',
  });
  await data.leads.create({ ...base, id: PRINCIPAL_LEADS.poolLead, firstName: 'Pool', email: 'principal.pool.lead@example.com' });
  return PRINCIPAL_LEADS;
}

let loaded: Promise<Principals> | undefined;

/** Every principal, signed in, with the records it owns. Created on the first call of a test file. */
export function loadPrincipals(): Promise<Principals> {
  loaded ??= createPrincipals();
  return loaded;
}

async function createPrincipals(): Promise<Principals> {
  getStack();
  const data = createData();
  const now = new Date();

  const extraIds = Object.fromEntries(
    await Promise.all(
      Object.entries(EXTRA_USERS).map(
        async ([caller, user]) => [caller, await ensureCognitoUser(user.role, user.email)] as const,
      ),
    ),
  ) as Record<keyof typeof EXTRA_USERS, string>;
  const extraRecords = await ensureRecords(data, extraIds, now);

  const logins: { caller: SignedInCaller; role: Role; email: string; password: string }[] = [
    ...DEMO_USERS.map((user) => ({ caller: user.key, role: user.role, email: user.email, password: DEMO_PASSWORD })),
    ...Object.entries(EXTRA_USERS).map(([caller, user]) => ({
      caller: caller as SignedInCaller,
      role: user.role,
      email: user.email,
      password: TEST_PASSWORD,
    })),
  ];
  const signedIn = await Promise.all(
    logins.map(async ({ caller, role, email, password }): Promise<Principal> => {
      const { idToken } = await signIn(email, password);
      return { caller, role, email, userId: String(claimsOf(idToken).sub), token: idToken };
    }),
  );
  const of = Object.fromEntries(signedIn.map((principal) => [principal.caller, principal])) as Record<SignedInCaller, Principal>;

  const demoDealer = await data.users.get(of.dealer.userId);
  const consumerClient = await data.clients.getByUser(of.consumer.userId);
  if (!demoDealer?.dealershipId || !consumerClient)
    throw new Error('The demo seed has no dealership for the dealer or no client for the consumer');
  // The seed's own closed deal of the consumer, at another dealership than the demo dealer's (the brokers'
  // performance seed also closes deals for seeded clients, some at the demo dealer's dealership).
  const consumerDeal = (await data.deals.listByClient(consumerClient.id)).find(
    (deal) => deal.status === 'closed' && deal.dealershipId !== demoDealer.dealershipId,
  );
  if (!consumerDeal) throw new Error('The demo seed has no closed deal for the consumer');

  const vehicles = await ensureVehicles(data, now, [
    { id: PRINCIPAL_VEHICLES.dealerVehicle, dealershipId: demoDealer.dealershipId, brokerId: of.broker.userId },
    { id: PRINCIPAL_VEHICLES.otherDealerVehicle, dealershipId: extraRecords.otherDealership, brokerId: of.otherBroker.userId },
  ]);

  const leads = await ensureLeads(data, of.broker);

  return {
    of,
    records: {
      dealership: demoDealer.dealershipId,
      consumerClient: consumerClient.id,
      consumerDeal: consumerDeal.id,
      ...extraRecords,
      ...vehicles,
      ...leads,
    },
    tokenOf: (caller) => (caller === 'anonymous' ? undefined : of[caller].token),
    roleOf: (caller) => (caller === 'anonymous' ? null : of[caller].role),
  };
}
