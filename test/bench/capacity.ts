/**
 * Budget: the capacity units of every request do not grow with the table (50k items within 10% of 1k), and no
 * request path issues a Scan.
 *
 * DynamoDB Local (in memory, on a bench port) gets the product's table, the demo seed and synthetic bulk
 * (bulk-data.ts) up to SMALL items; every request path is then run once through the service functions its
 * handler calls, on a client metered with ReturnConsumedCapacity TOTAL (capacity-meter.ts); the table then
 * grows to LARGE items and the same calls are measured again.
 *
 * Scheduled jobs are measured the same way and reported beside the requests. A job is not a request: only a job
 * that should read a fixed amount whatever the table holds (expire-deals with nothing due) is held to the
 * request budget; rank-trending reads the window's view counters by design and is reported without a limit.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@infra/local/config';
import { dynamoDbClient, ensureTable, startDynamoDb } from '@infra/local/dynamodb';
import { silentLog } from '@infra/local/log';
import { isListening } from '@infra/local/ports';
import { loadAcademy } from '@functions/academy/academy';
import { describeCaller } from '@functions/auth/me';
import { presignSignupLicence } from '@functions/auth/signup-licence';
import { loadDashboard } from '@functions/dashboard/dashboard';
import { listDealerships } from '@functions/dealerships/dealerships';
import { brokerStats } from '@functions/brokers/stats';
import { s3BrokerFiles } from '@functions/brokers/deps';
import { getProfile } from '@functions/brokers/profile';
import { listArchivedDeals } from '@functions/deals/archived';
import { listMaturingDeals } from '@functions/deals/maturing';
import { loadPortal } from '@functions/consumers/portal';
import { getConsumerDealDetail } from '@functions/deals/consumer-view';
import { getDealDetail } from '@functions/deals/deals';
import { validateInvitation } from '@functions/invitations/invitations';
import { clientDeals, createClient, listClients } from '@functions/clients/clients';
import { expireDeals } from '@functions/deals/expire-deals';
import { atTime } from '@shared/calendar';
import { listDeals } from '@functions/deals/list';
import { clientListQuerySchema, createClientRequestSchema } from '@shared/clients/api';
import { leadListQuerySchema } from '@shared/leads/api';
import { listLeads } from '@functions/leads/leads';
import { proposalStore } from '@functions/proposals/data/proposals';
import { acceptProposal, askQuestion, publicProposal } from '@functions/proposals/proposal-answers';
import { hashProposalToken } from '@functions/proposals/proposal-views';
import { createProposal, listDealProposals } from '@functions/proposals/proposals';
import { search } from '@functions/search/search';
import { taskPeople } from '@functions/tasks/data';
import { remindTasksStore } from '@functions/tasks/data/remind-tasks';
import { remindTasks } from '@functions/tasks/remind-tasks';
import { listTasks } from '@functions/tasks/tasks';
import { myDay } from '@functions/domain/tasks/task-items';
import { taskListQuerySchema } from '@shared/tasks/api';
import { dueInstant, plusDays } from '@shared/tasks/rules';
import { searchQuerySchema } from '@shared/search/api';
import { dealListQuerySchema } from '@shared/deals/list-api';
import { getTrendingVehicles, rankTrending } from '@functions/marketplace/trending';
import { createVehicle, getVehicle, listVehicles, stockNumberAvailability } from '@functions/marketplace/vehicles';
import { countVehicleView } from '@functions/marketplace/views';
import { marketplaceListQuerySchema } from '@shared/marketplace/api';
import { marketplaceVehicleSchema } from '@shared/marketplace/schemas';
import type { Identity } from '@functions/lib/auth-context';
import type { UserDirectory } from '@functions/lib/cognito';
import { createData, type Data } from '@infra/data/create-data';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { createToolboxTable } from '@functions/lib/data/table';
import { seedDemoData } from '@infra/local/seed/seed';
import { testDemoUsers } from '@test/support/test-table';
import { signupLicenceRequestSchema } from '@shared/auth/api';
import type { Role } from '@shared/auth/roles';
import { bulkCounts, itemCount, loadBulk, type BulkCounts } from './bulk-data';
import { receiveAdf } from '@functions/leads/adf-leads';
import { ADF_FIELD_LIMITS, ADF_MAX_PROSPECTS } from '@functions/leads/adf/adf';
import { adfStore } from '@functions/leads/data/adf';
import { formatCalls, installCapacityMeter, type CapacityMeter, type Usage } from './capacity-meter';
import { formatOperations, type BudgetRow } from './report';

// Moved by LEASEDESK_TEST_PORT_OFFSET, so engineers sharing a machine can run the bench side by side.
const PORT = 8610 + Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0);
const TABLE = 'leasedesk-bench';
const SMALL = 1_000;
const LARGE = 50_000;
const MAX_GROWTH = 0.1;
/** A fixed clock: the seed, the bulk and every request see the same day, so both runs read the same windows. */
const NOW = new Date('2026-03-02T12:00:00.000Z');

interface RequestPath {
  name: string;
  /** A scheduled job rather than a request. */
  job?: boolean;
  /** False for a job whose reads grow with the data by design: reported, not judged. */
  budgeted?: boolean;
  /** Writes what the path reads, once, before the first measurement (not measured). */
  prepare?: (data: Data) => Promise<void>;
  run: (data: Data) => Promise<unknown>;
}

function requestPaths(): RequestPath[] {
  const users = testDemoUsers();
  const identity = (key: keyof typeof users, role: Role): Identity => ({
    userId: users[key].userId,
    email: users[key].email,
    role,
  });
  const callers: [string, Identity][] = [
    ['admin', identity('admin', 'admin')],
    ['broker', identity('broker', 'broker')],
    ['dealer', identity('dealer', 'dealer')],
    ['consumer', identity('consumer', 'consumer')],
  ];
  // The sign-up the licence route checks lives in Cognito, not in the table: a directory that always finds it.
  const userSub = '11111111-2222-4333-8444-555555555555';
  const directory: UserDirectory = {
    getUser: async (username) => ({ username, sub: userSub, status: 'UNCONFIRMED', createdAt: new Date(NOW.getTime() - 60_000) }),
    addToGroup: async () => {},
  };
  // Presigning is local computation; the client only needs a region and credentials.
  const s3 = new S3Client({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const licenceRequest = signupLicenceRequestSchema.parse({
    email: 'new.broker@leasedesk.com',
    userSub,
    fileName: 'licence.pdf',
    contentType: 'application/pdf',
    size: 120_000,
  });
  return [
    ...callers.map(([label, caller]) => ({ name: `GET /me (${label})`, run: (data: Data) => describeCaller(caller, data) })),
    ...callers.map(([label, caller]) => ({
      name: `GET /dashboard (${label})`,
      run: (data: Data) => loadDashboard(caller, data),
    })),
    // The job first, so that the route reads a snapshot of the data at this size.
    { name: 'job rank-trending (every 5 min)', job: true, budgeted: false, run: (data) => rankTrending(data, NOW) },
    { name: 'GET /marketplace/trending', run: (data) => getTrendingVehicles(data) },
    {
      name: 'POST /auth/signup-licence',
      run: (data) =>
        presignSignupLicence(licenceRequest, { directory, data, s3, licencesBucket: 'leasedesk-bench-licences' }, NOW),
    },
    { name: 'job expire-deals (none due)', job: true, run: (data) => expireDeals(data, NOW) },
    // A full page and its figures: one Query and one BatchGet of counters, whatever the table holds. The page is
    // 10 so that it is full at the small size too (the bulk makes 1% dealerships): a page's cost is bounded by
    // its size, and a page of 50 costs the same at 50k as at 500k dealerships.
    { name: 'GET /dealerships (a page of 10)', run: (data) => listDealerships({ limit: 10 }, data, NOW) },
    ...marketplacePaths(identity('admin', 'admin'), identity('broker', 'broker'), identity('dealer', 'dealer')),
    ...dealPaths(identity('admin', 'admin'), identity('dealer', 'dealer')),
    ...proposalPaths(identity('admin', 'admin')),
    ...dealsListPaths(identity('broker', 'broker'), identity('dealer', 'dealer')),
    ...clientsPaths(identity('broker', 'broker')),
    ...consumerPaths(identity('consumer', 'consumer')),
    ...brokersPaths(identity('broker', 'broker'), s3),
    ...academyPaths(identity('broker', 'broker')),
    ...leadsPaths(identity('admin', 'admin'), identity('broker', 'broker')),
    ...searchPaths(identity('admin', 'admin'), identity('broker', 'broker'), identity('dealer', 'dealer')),
    ...adfPaths(),
    ...taskPaths(identity('admin', 'admin'), identity('broker', 'broker')),
  ];
}

const BENCH_TASK_USERS = 100;
const BENCH_TASKS_PER_USER = 5;
const BENCH_REMINDERS_DUE = 10;

/** `count` open tasks of `assigneeId`, due from 3 days ago on, one a day. */
async function writeBenchTasks(data: Data, assigneeId: string, count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    const dueDate = plusDays(NOW.toISOString().slice(0, 10), n - 3);
    await data.tasks.create({
      id: `benchtask-${assigneeId}-${n}`,
      title: `Bench task ${n}`,
      dueDate,
      dueTime: '10:00',
      timeZone: 'UTC',
      dueAt: dueInstant(dueDate, '10:00', 'UTC'),
      assigneeId,
      status: 'open',
      source: 'manual',
      createdBy: assigneeId,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      revision: 1,
    });
  }
}

/**
 * Tasks (docs/decisions.md, "Tasks"): the list and My day are range reads of one assignee's (or one status's) index
 * partition, bounded by the page; the morning job reads the reminder index's due users only (BENCH_REMINDERS_DUE of
 * BENCH_TASK_USERS), then each one's open tasks and user item. The job runs a day later each time it is measured, so
 * the same users are due again at each size (a second run on the same day would find them claimed).
 */
function taskPaths(admin: Identity, broker: Identity): RequestPath[] {
  const tasksData = (data: Data) => ({ tasks: data.tasks, people: taskPeople(data.table) });
  const list = (input: Record<string, string>) => taskListQuerySchema.parse(input);
  const mailer = { sendEmail: async () => ({ ok: true as const, messageId: 'bench' }) };
  let jobRuns = 0;
  return [
    {
      name: 'GET /tasks (broker, open)',
      prepare: async (data) => {
        await writeBenchTasks(data, broker.userId, 20);
        for (let user = 0; user < BENCH_TASK_USERS; user++) {
          const userId = `benchtaskuser${String(user).padStart(4, '0')}`;
          await writeBenchTasks(data, userId, BENCH_TASKS_PER_USER);
          const due = user < BENCH_REMINDERS_DUE;
          if (due)
            await data.users.create(
              { userId, role: 'admin', fullName: `Bench Tasks ${user}`, email: `${userId}@leasedesk.test` },
              NOW,
            );
          await data.tasks.putSettings({
            userId,
            timeZone: 'UTC',
            morningEmail: true,
            reminderAt: due
              ? new Date(NOW.getTime() - 60_000).toISOString()
              : new Date(NOW.getTime() + 86_400_000 * 30).toISOString(),
            updatedAt: NOW.toISOString(),
          });
        }
      },
      run: (data) => listTasks(broker, list({}), tasksData(data), NOW),
    },
    {
      name: 'GET /tasks (admin, everyone overdue)',
      run: (data) => listTasks(admin, list({ due: 'overdue' }), tasksData(data), NOW),
    },
    { name: 'GET /dashboard My day (broker)', run: (data) => myDay(broker.userId, 'UTC', data, NOW) },
    {
      name: `job remind-tasks (${BENCH_REMINDERS_DUE} of ${BENCH_TASK_USERS} users due)`,
      job: true,
      run: (data) =>
        remindTasks(
          remindTasksStore(data.table),
          mailer,
          'https://bench.leasedesk.test',
          new Date(NOW.getTime() + ++jobRuns * 86_400_000),
        ),
    },
  ];
}

/** The consumer's portal and own deal (the seed links the demo consumer to a client with deals), and a link check. */
function consumerPaths(consumer: Identity): RequestPath[] {
  let ownDealId = '';
  return [
    {
      name: 'GET /consumer/portal (consumer)',
      prepare: async (data) => {
        const client = await data.clients.getByUser(consumer.userId);
        ownDealId = client ? ((await data.deals.listByClient(client.id))[0]?.id ?? '') : '';
      },
      // Signing a photo URL is local computation (no AWS call, no capacity): a stand-in signer.
      run: (data) => loadPortal(consumer, data, async (key) => `https://photos.example/${key}`),
    },
    { name: 'GET /deals/{id} (consumer, own deal)', run: (data) => getConsumerDealDetail(consumer, ownDealId, data) },
    { name: 'GET /invitations/{token} (unknown token)', run: (data) => validateInvitation('benchNoSuchToken000000', data, NOW) },
  ];
}

/**
 * The academy: the screen reads the published content and the caller's progress (two Queries, bounded by the
 * course, not the table); the progress the dashboard card and the profile show reads the catalog of published ids
 * and the progress only.
 */
function academyPaths(broker: Identity): RequestPath[] {
  return [
    { name: 'GET /academy (broker)', run: (data) => loadAcademy(broker, data) },
    { name: 'academy progressOf (dashboard card, profile)', run: (data) => data.academy.progressOf(broker.userId) },
  ];
}

const BENCH_DEAL_ID = 'benchdealdetail';

/**
 * A client deal with a client, a dealership, a credit application link and a few activity entries, written before
 * the small run (the bulk adds no client deal at 1k: the seed alone fills it), so both sizes read the same deal.
 */
async function prepareBenchDeal(data: Data, admin: Identity): Promise<void> {
  const { dealership } = await data.dealerships.create(
    { id: 'benchdealdetailshop', name: 'Bench Motors', location: 'Denver, CO' },
    NOW,
  );
  const { client } = await data.clients.create(
    { id: 'benchdealdetailclient', fullName: 'Bench Client', email: 'bench.client@example.com', profileId: admin.userId },
    NOW,
  );
  let { deal } = await data.deals.create(
    {
      id: BENCH_DEAL_ID,
      clientId: client.id,
      clientName: client.fullName,
      dealershipId: dealership.id,
      brokerId: admin.userId,
      year: 2026,
      make: 'Honda',
      model: 'Accord',
      dealType: 'lease',
      status: 'available',
      monthlyPayment: 359,
      downPayment: 1_999,
      termMonths: 36,
      mileageAllowance: 10_000,
      apr: 5.04,
      moneyFactor: 0.0021,
      isArchived: false,
      creditAppFormType: 'generic',
      expirationDate: '2026-12-31',
    },
    NOW,
  );
  for (const status of ['pending', 'active'] as const) {
    deal = await data.deals.replace(
      deal,
      { ...deal, status },
      {
        id: `${status}-${deal.revision}`,
        kind: 'updated',
        at: NOW.toISOString(),
        actorId: admin.userId,
        actorName: 'Bench Admin',
        changes: [{ field: 'status', before: deal.status, after: status }],
      },
    );
  }
  await data.creditApplications.create({
    token: 'benchdealdetailtoken',
    id: 'benchdealdetaillink',
    dealId: deal.id,
    status: 'valid',
    validUntil: '2026-12-31T00:00:00.000Z',
    createdAt: NOW.toISOString(),
  });
}

/** The deal detail (one call: deal, client, dealership, broker, credit link, activity) and the archive's pages. */
function dealPaths(admin: Identity, dealer: Identity): RequestPath[] {
  // Pages of 3: the 1k table holds 7 expired deals (all the seed's), so both sizes compare full pages.
  const archivePage = { limit: 3 };
  return [
    {
      name: 'GET /deals/{id} (admin)',
      prepare: (data) => prepareBenchDeal(data, admin),
      run: (data) => getDealDetail(admin, BENCH_DEAL_ID, data, NOW, 'https://bench.leasedesk.test'),
    },
    {
      name: "GET /deals/{id} (dealer, another dealership's deal: 404)",
      run: (data) => getDealDetail(dealer, BENCH_DEAL_ID, data, NOW, 'https://bench.leasedesk.test').catch(() => null),
    },
    { name: 'GET /archived-deals (a page of 3)', run: (data) => listArchivedDeals(archivePage, data) },
    {
      name: 'GET /archived-deals (pages 1 and 2)',
      run: async (data) => {
        const first = await listArchivedDeals(archivePage, data);
        return listArchivedDeals({ ...archivePage, cursor: first.nextCursor! }, data);
      },
    },
    // Pages of 2: the seed's three leases maturing in 1, 3 and 5 months (infra/local/seed/maturing.ts) fill them at both sizes.
    { name: 'GET /maturing-deals (admin, a page of 2)', run: (data) => listMaturingDeals(admin, { limit: 2 }, data, NOW) },
    {
      name: 'GET /maturing-deals (admin, pages 1 and 2)',
      run: async (data) => {
        const first = await listMaturingDeals(admin, { limit: 2 }, data, NOW);
        return listMaturingDeals(admin, { limit: 2, cursor: first.nextCursor! }, data, NOW);
      },
    },
  ];
}

/** The deals list screen (one call per page) with its filters and search; pages of PAGE deals, full at both sizes. */
function dealsListPaths(broker: Identity, dealer: Identity): RequestPath[] {
  const query = (input: Record<string, string>) => dealListQuerySchema.parse({ limit: String(PAGE), ...input });
  return [
    { name: 'GET /deals (broker, page 1)', run: (data) => listDeals(broker, query({}), data) },
    {
      name: 'GET /deals (broker, pages 1 and 2)',
      run: async (data) => {
        const first = await listDeals(broker, query({}), data);
        return listDeals(broker, query({ cursor: first.nextCursor! }), data);
      },
    },
    { name: 'GET /deals (broker, status pending)', run: (data) => listDeals(broker, query({ status: 'pending' }), data) },
    { name: 'GET /deals (broker, make Toyota)', run: (data) => listDeals(broker, query({ make: 'Toyota' }), data) },
    { name: 'GET /deals (broker, search "toyota")', run: (data) => listDeals(broker, query({ q: 'toyota' }), data) },
    { name: 'GET /deals (dealer)', run: (data) => listDeals(dealer, query({}), data) },
  ];
}

/** The clients screen (one call per page), its search, a create and a client's Past Purchases. */
function clientsPaths(broker: Identity): RequestPath[] {
  const query = (input: Record<string, string>) => clientListQuerySchema.parse({ limit: String(PAGE), ...input });
  let added = 0;
  return [
    { name: 'GET /clients (page 1)', run: (data) => listClients(broker, query({}), data) },
    {
      name: 'GET /clients (pages 1 and 2)',
      run: async (data) => {
        const first = await listClients(broker, query({}), data);
        return listClients(broker, query({ cursor: first.nextCursor! }), data);
      },
    },
    { name: 'GET /clients (search "example")', run: (data) => listClients(broker, query({ q: 'example' }), data) },
    {
      name: 'POST /clients',
      run: (data) =>
        createClient(
          broker,
          createClientRequestSchema.parse({ fullName: 'Bench Added', email: `bench.added.${++added}@example.com` }),
          data,
          NOW,
        ),
    },
    {
      name: 'GET /clients/{id}/deals (with the list call finding the id)',
      run: async (data) => clientDeals(broker, (await listClients(broker, query({ limit: '1' }), data)).clients[0]!.id, data),
    },
  ];
}

/**
 * The performance page's month (with its 6-month series) and the broker's profile: broker-month items, the approved
 * brokers and one broker's keys, never the deals themselves. The seed's demo broker has figures in every month.
 */
function brokersPaths(broker: Identity, s3: S3Client): RequestPath[] {
  // Signing the photo URL is local computation, like the presigned uploads above.
  const files = s3BrokerFiles(async () => s3, { profilePhoto: 'leasedesk-bench-photos', licence: 'leasedesk-bench-licences' });
  return [
    {
      name: 'GET /admin/broker-stats (a month and its 6-month series)',
      run: (data) => brokerStats('2026-03', { data, files }, NOW),
    },
    { name: 'GET /profile (broker)', run: (data) => getProfile(broker, { data, files }, NOW) },
  ];
}

const PAGE = 5;

/**
 * Listings written before the small run so that both sizes read full pages of the same kind of vehicle (docs/bench.md,
 * 26 Nov 2026): the seed alone (the small size) holds only 4 active Toyotas and 4 archived vehicles, a short page
 * beside the large size's full one. PAGE active Toyotas and PAGE archived vehicles fill those listings; an Audi "A3"
 * with a dealership sorts first in the active listing at both sizes ("audi#a3#..." before the seed's and the bulk's
 * vehicles), so the vehicle page reads the same vehicle, with its dealership, at both sizes (the small size read a
 * seed vehicle without a dealership, the large size a bulk vehicle with one: a GetItem more). Added by the admin, so
 * that the broker's and the dealer's own lists do not change.
 */
async function prepareMarketplace(data: Data, admin: Identity): Promise<void> {
  const { dealership } = await data.dealerships.create(
    { id: 'benchmarketshop', name: 'Bench Market Motors', location: 'Austin, TX' },
    NOW,
  );
  const vehicle = (n: number, fields: { make: string; model: string; isArchived: boolean }) =>
    data.deals.create(
      {
        id: `benchmarketvehicle${n}`,
        brokerId: admin.userId,
        dealershipId: dealership.id,
        year: 2026,
        stockNumber: `BENCH-MARKET-${n}`,
        availableStock: 2,
        listing: true,
        monthlyPayment: 389,
        downPayment: 1_999,
        termMonths: 36,
        dealType: 'lease',
        status: fields.isArchived ? 'expired' : 'available',
        creditAppFormType: 'generic',
        expirationDate: fields.isArchived ? '2026-02-01' : '2026-12-31',
        ...fields,
      },
      NOW,
    );
  for (let n = 0; n < PAGE; n++) {
    await vehicle(n, { make: 'Toyota', model: 'Camry', isArchived: false });
    await vehicle(PAGE + n, { make: 'Toyota', model: 'Camry', isArchived: true });
  }
  await vehicle(2 * PAGE, { make: 'Audi', model: 'A3', isArchived: false });
}

/** The marketplace screen (one call per page), a vehicle page, the add form's calls and a view. */
function marketplacePaths(admin: Identity, broker: Identity, dealer: Identity): RequestPath[] {
  // Pages of PAGE vehicles: with prepareMarketplace, the small table holds a full page in every listing measured, so
  // both sizes compare full pages.
  const query = (input: Record<string, string>) => marketplaceListQuerySchema.parse({ limit: String(PAGE), ...input });
  let added = 0;
  const firstVehicleId = async (data: Data) => (await listVehicles(broker, query({ limit: '1' }), data)).items[0]!.id;
  return [
    {
      name: 'GET /marketplace/vehicles (broker, page 1)',
      prepare: (data) => prepareMarketplace(data, admin),
      run: (data) => listVehicles(broker, query({}), data),
    },
    {
      name: 'GET /marketplace/vehicles (broker, pages 1 and 2)',
      run: async (data) => {
        const first = await listVehicles(broker, query({}), data);
        return listVehicles(broker, query({ cursor: first.nextCursor! }), data);
      },
    },
    {
      name: 'GET /marketplace/vehicles (broker, make Toyota)',
      run: (data) => listVehicles(broker, query({ make: 'Toyota' }), data),
    },
    {
      name: 'GET /marketplace/vehicles (broker, search "toyota")',
      run: (data) => listVehicles(broker, query({ q: 'toyota' }), data),
    },
    // Group counts of a search: a one-word search reads its token's make counts; any other counts its matches over
    // the entries of its longest word's token, which the bulk (models "Model n") does not grow for these words.
    {
      name: 'GET /marketplace/vehicles (broker, search "highlander": counted over "highland")',
      run: (data) => listVehicles(broker, query({ q: 'highlander' }), data),
    },
    {
      name: 'GET /marketplace/vehicles (broker, search "mustang mach": counted over "mustang")',
      run: (data) => listVehicles(broker, query({ q: 'mustang mach' }), data),
    },
    { name: 'GET /marketplace/vehicles (admin, archived)', run: (data) => listVehicles(admin, query({ tab: 'archived' }), data) },
    // Tab counts under the filters (docs/decisions.md "Tab counts follow the filters"): a make reads the same make
    // counts; an admin's search also counts the other tab (its token's make counts, or its listing of the make).
    {
      name: 'GET /marketplace/vehicles (admin, make Toyota: both tabs counted from the make counts)',
      run: (data) => listVehicles(admin, query({ make: 'Toyota' }), data),
    },
    {
      name: 'GET /marketplace/vehicles (admin, search "toyota": both tabs from token make counts)',
      run: (data) => listVehicles(admin, query({ q: 'toyota' }), data),
    },
    {
      name: 'GET /marketplace/vehicles (admin, search "highlander", make Toyota: both tabs counted over "highland")',
      run: (data) => listVehicles(admin, query({ q: 'highlander', make: 'Toyota' }), data),
    },
    { name: 'GET /marketplace/vehicles (dealer)', run: (data) => listVehicles(dealer, query({}), data) },
    {
      name: 'GET /marketplace/vehicles/{id} (broker; with the list call finding the id)',
      run: async (data) => getVehicle(broker, await firstVehicleId(data), data),
    },
    { name: 'GET /marketplace/stock-numbers/{stockNumber}', run: (data) => stockNumberAvailability('BENCH-1', undefined, data) },
    {
      name: 'POST /marketplace/vehicles (broker)',
      run: (data) =>
        createVehicle(
          broker,
          // Judged at the bench's own clock, as a request at NOW would be.
          atTime(NOW, () =>
            marketplaceVehicleSchema.parse({
              stockNumber: `BENCH-ADD-${++added}`,
              year: 2026,
              make: 'Toyota',
              model: 'RAV4 Hybrid',
              monthlyPayment: 399,
              termMonths: 36,
              expirationDate: '2026-12-31',
            }),
          ),
          data,
          NOW,
        ),
    },
    {
      name: 'POST /marketplace/vehicles/{id}/views (with the list call finding the id)',
      run: async (data) => countVehicleView(await firstVehicleId(data), broker.userId, `bench-${++added}`, NOW, data),
    },
  ];
}

async function measureAll(meter: CapacityMeter, data: Data, paths: RequestPath[]): Promise<Usage[]> {
  const usages: Usage[] = [];
  for (const path of paths) usages.push((await meter.measure(() => path.run(data))).usage);
  return usages;
}

async function tableItemCount(client: DynamoDBClient): Promise<number> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE }));
  return Table?.ItemCount ?? 0;
}

/** Grows the table with bulk items until it holds `target` items (DynamoDB Local's ItemCount is exact). */
async function growTo(
  target: number,
  loaded: BulkCounts,
  ctx: { raw: DynamoDBClient; doc: DynamoDBDocumentClient; toolboxTable: LeaseDeskTable },
): Promise<BulkCounts> {
  const missing = target - (await tableItemCount(ctx.raw));
  const next = bulkCounts(itemCount(loaded) + missing);
  await loadBulk(ctx.doc, TABLE, ctx.toolboxTable, loaded, next, NOW);
  return next;
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function benchCapacity(log: (line: string) => void): Promise<BudgetRow[]> {
  if (await isListening(PORT)) throw new Error(`Port ${PORT} (bench DynamoDB Local) is already in use`);
  const dynamodb = await startDynamoDb({ port: PORT, log: silentLog });
  try {
    const raw = dynamoDbClient(`http://localhost:${PORT}`);
    const meter = installCapacityMeter(raw);
    const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    const data = createData({ client: doc, table: TABLE });
    const ctx = { raw, doc, toolboxTable: createToolboxTable(doc, TABLE) };
    await ensureTable(raw, TABLE);

    let started = Date.now();
    await seedDemoData(data, testDemoUsers(), { now: NOW });
    const loaded = await growTo(SMALL, bulkCounts(0), ctx);
    const smallItems = await tableItemCount(raw);
    log(`capacity: seed + bulk to ${smallItems} items in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const paths = requestPaths();
    for (const path of paths) await path.prepare?.(data);
    const small = await measureAll(meter, data, paths);

    started = Date.now();
    await growTo(LARGE, loaded, ctx);
    const largeItems = await tableItemCount(raw);
    log(`capacity: bulk to ${largeItems} items in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const large = await measureAll(meter, data, paths);
    // Without ConsumedCapacity every figure would read 0 and every path would pass: that is a broken meter, not a result.
    if (meter.unreported > 0) throw new Error(`${meter.unreported} DynamoDB calls came back without ConsumedCapacity`);

    const rows = paths.map((path, index): BudgetRow => {
      const [before, after] = [small[index], large[index]];
      const growth =
        before.capacityUnits > 0 ? after.capacityUnits / before.capacityUnits - 1 : after.capacityUnits > 0 ? Infinity : 0;
      const budgeted = path.budgeted ?? true;
      // A miss names its calls at both sizes, so what grew (a Query reading more, a call more) shows at once.
      if (budgeted && growth > MAX_GROWTH) {
        const indent = (text: string) => text.replace(/^/gm, '    ');
        log(`capacity: ${path.name} missed; its calls at ${smallItems} items:\n${indent(formatCalls(before.calls))}`);
        log(`capacity: and at ${largeItems} items:\n${indent(formatCalls(after.calls))}`);
      }
      return {
        budget: path.job ? 'job capacity' : 'capacity',
        subject: path.name,
        measured: `${round(before.capacityUnits)} -> ${round(after.capacityUnits)} CU (${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%)`,
        limit: budgeted ? `<= +${MAX_GROWTH * 100}%` : 'none (not a request)',
        pass: budgeted ? growth <= MAX_GROWTH : null,
        note: `items read ${before.itemsRead} -> ${after.itemsRead}; ${formatOperations(after.operations)}`,
      };
    });
    const scanners = paths.filter((_, index) => (small[index].operations.Scan ?? 0) + (large[index].operations.Scan ?? 0) > 0);
    const calls = [...small, ...large].reduce(
      (sum, usage) => sum + Object.values(usage.operations).reduce((a, b) => a + b, 0),
      0,
    );
    rows.push({
      budget: 'no Scan',
      subject: 'every path above, both sizes',
      measured: scanners.length === 0 ? `0 Scan in ${calls} calls` : `Scan in ${scanners.map((path) => path.name).join(', ')}`,
      limit: '0 Scan',
      pass: scanners.length === 0,
      note: `table ${smallItems} -> ${largeItems} items`,
    });
    return rows;
  } finally {
    await dynamodb.stop();
  }
}

/**
 * The lead inbox (one call per page): an admin's page (one Query), a broker's merged page (their assigned, named and
 * open-pool streams: three Queries of one page each) and a status filter. Each is bounded by the page, never by
 * the number of leads or other items.
 */
function leadsPaths(admin: Identity, broker: Identity): RequestPath[] {
  const query = (input: Record<string, string>) => leadListQuerySchema.parse({ limit: '25', ...input });
  return [
    { name: 'GET /leads (admin)', run: (data) => listLeads(admin, query({}), data) },
    { name: 'GET /leads (admin, status new)', run: (data) => listLeads(admin, query({ status: 'new' }), data) },
    { name: 'GET /leads (broker: theirs and the open pool)', run: (data) => listLeads(broker, query({}), data) },
  ];
}

const BENCH_PROPOSAL_DEAL_ID = 'benchproposaldeal';
const BENCH_PROPOSAL_TOKEN = 'benchProposalToken0001';
const BENCH_ACCEPTED_TOKEN = 'benchProposalToken0002';

/** The proposals function's data over the bench table: the shared stores and the proposals' own. */
const proposalsDataOf = (data: Data) => ({ ...data, proposals: proposalStore(data.table) });

/** Senders that always succeed: the bench counts the table's work, not a provider's. */
const benchProposalNotifiers = {
  mailer: { sendEmail: async () => ({ ok: true as const, messageId: 'bench' }) },
  sms: { sendSms: async () => ({ ok: true as const, messageId: 'bench' }) },
  appUrl: 'https://bench.leasedesk.test',
};

/**
 * A deal of its own with two proposals (one sent, one accepted), so that the shares measured on the bench deal do not
 * lengthen the list read here between the two sizes.
 */
async function prepareProposals(data: Data, admin: Identity): Promise<void> {
  const bench = (await data.deals.get(BENCH_DEAL_ID))!;
  const { id: _id, createdAt: _createdAt, revision: _revision, stockNumber: _stock, ...fields } = bench;
  await data.deals.create({ ...fields, id: BENCH_PROPOSAL_DEAL_ID, status: 'available' }, NOW);
  const store = proposalStore(data.table);
  await createProposal(admin, BENCH_PROPOSAL_DEAL_ID, {}, proposalsDataOf(data), benchProposalNotifiers, NOW);
  const [stored] = await store.listOfDeal(BENCH_PROPOSAL_DEAL_ID);
  await store.create({ ...stored!, tokenHash: hashProposalToken(BENCH_PROPOSAL_TOKEN), id: `${stored!.id}1` });
  await store.create({
    ...stored!,
    tokenHash: hashProposalToken(BENCH_ACCEPTED_TOKEN),
    id: `${stored!.id}2`,
    status: 'accepted',
    acceptedAt: NOW.toISOString(),
    acceptedIp: '127.0.0.1',
  });
}

/**
 * Proposals (the bench deal is prepared by GET /deals/{id} above): sharing one (reads of the deal and the names, one
 * put), a deal's list (one Query of its few proposals), the public page (a GetItem by token hash and one of the deal),
 * a second accept (reads only: the first is a write in the deal's transaction, which nothing repeats) and a question
 * (the trail entry and the outbox message in one transaction, the message removed once sent by a mailer that always
 * succeeds).
 */
function proposalPaths(admin: Identity): RequestPath[] {
  const mailer = { sendEmail: async () => ({ ok: true as const, messageId: 'bench' }) };
  const proposalsData = proposalsDataOf;
  return [
    {
      name: 'GET /deals/{id}/proposals (admin)',
      prepare: (data) => prepareProposals(data, admin),
      run: (data) => listDealProposals(admin, BENCH_PROPOSAL_DEAL_ID, proposalsData(data), NOW),
    },
    {
      name: 'POST /deals/{id}/proposals (admin)',
      run: (data) => createProposal(admin, BENCH_DEAL_ID, {}, proposalsData(data), benchProposalNotifiers, NOW),
    },
    { name: 'GET /proposals/{token}', run: (data) => publicProposal(BENCH_PROPOSAL_TOKEN, proposalsData(data), NOW) },
    {
      name: 'POST /proposals/{token}/accept (already accepted)',
      run: (data) =>
        acceptProposal(BENCH_ACCEPTED_TOKEN, undefined, '127.0.0.1', proposalsData(data), benchProposalNotifiers, NOW),
    },
    {
      name: 'POST /proposals/{token}/questions',
      run: (data) =>
        askQuestion(
          BENCH_PROPOSAL_TOKEN,
          'Is the rate locked?',
          proposalsData(data),
          { mailer, appUrl: 'https://bench.leasedesk.test' },
          NOW,
        ),
    },
  ];
}

/**
 * The global search box: each kind read from its search index (a token's listing, or a dealer's own dealership
 * listing) with a small limit, then BatchGets of what it names. A one-word search of up to 6 characters (vehicles 8)
 * reads the listing of exactly that word, every entry a match: one Query of 10 entries per kind, whatever the number
 * of clients, deals and vehicles; a longer search filters its longest word's listing (docs/data-model.md). The seed alone (the 1k size) has fewer matches than a kind reads, so
 * `prepare` adds a dozen clients, deals, vehicles and leads with the words searched; the bulk then fills the same
 * token listings ("Bench Client n" clients and deals, "Model n" deals and vehicles), and both sizes compare full
 * reads of ever larger listings.
 */
function searchPaths(admin: Identity, broker: Identity, dealer: Identity): RequestPath[] {
  const query = (q: string) => searchQuerySchema.parse({ q });
  const PREPARED = 12;
  const prepare = async (data: Data) => {
    for (let i = 0; i < PREPARED; i++) {
      const { client } = await data.clients.create(
        { id: `benchsearchclient${i}`, fullName: `Bench Client Prepared ${i}`, profileId: broker.userId },
        NOW,
      );
      const deal = {
        brokerId: broker.userId,
        year: 2026,
        make: 'Volvo',
        model: `Model P${i}`,
        dealType: 'lease',
        monthlyPayment: 499,
        downPayment: 0,
        termMonths: 36,
        isArchived: false,
        creditAppFormType: 'generic',
      } as const;
      await data.deals.create(
        { ...deal, id: `benchsearchdeal${i}`, status: 'pending', clientId: client.id, clientName: client.fullName },
        NOW,
      );
      await data.deals.create(
        // Marketplace listings (shared/marketplace/inventory.ts: a deal without the flag or a stock number is a client
        // deal), so both sizes read a full page of vehicles; another make than the client deals read.
        {
          ...deal,
          id: `benchsearchvehicle${i}`,
          make: 'Audi',
          model: `Model V${i}`,
          status: 'available',
          availableStock: 2,
          listing: true,
        },
        NOW,
      );
      await data.leads.create({
        id: `benchsearchlead${i}`,
        firstName: 'Bench',
        lastName: `Client ${i}`,
        email: `bench.lead${i}@example.com`,
        phone: '5555550100',
        zipCode: '94107',
        vehiclePreference: 'help',
        createdAt: NOW.toISOString(),
        status: 'new',
      });
    }
  };
  return [
    {
      name: 'GET /search (broker, "model": deals and vehicles)',
      prepare,
      run: (data) => search(broker, query('model'), data),
    },
    {
      name: 'GET /search (admin, "bench client": clients, deals and leads)',
      run: (data) => search(admin, query('bench client'), data),
    },
    { name: 'GET /search (dealer, "toyota": their dealership)', run: (data) => search(dealer, query('toyota'), data) },
    {
      // A word of 2 characters is a listing of its own in the deals ("Model P1"), read like any exact token.
      name: 'GET /search (broker, "p1": a 2-character word\'s own listing)',
      run: (data) => search(broker, query('p1'), data),
    },
    {
      // "prepared" finds one client, too few: the next word's listing ("client") is read as well.
      name: 'GET /search (admin, "client prepared 4": then the next word\'s listing)',
      run: (data) => search(admin, query('client prepared 4'), data),
    },
  ];
}

/**
 * POST /leads/adf/{token} with a document at the limits: ADF_MAX_PROSPECTS new shoppers (each run its own, so each
 * run stores new leads), every field at its length limit and comments of the full 2 000 characters. Reads: the
 * token, each prospect's identity claim and its two shopper claims (GetItems); writes: the whole document in one
 * transaction (each lead, its search entries, its claims, the merged counters). The run's time is in docs/bench.md.
 */
function adfPaths(): RequestPath[] {
  const adfDataOf = (data: Data) => ({
    table: data.table,
    adf: adfStore(data.table),
    leads: data.leads,
    dealerships: data.dealerships,
  });
  const unmetered = DynamoDBDocumentClient.from(dynamoDbClient(`http://localhost:${PORT}`));
  let token = '';
  let sent = 0;
  const field = (name: keyof typeof ADF_FIELD_LIMITS, fill: string) =>
    fill.repeat(ADF_FIELD_LIMITS[name]).slice(0, ADF_FIELD_LIMITS[name]);
  const prospect = (n: number) => {
    const tag = `${Date.now().toString(36)}${n}`;
    const digits = String(1_000_000_000 + ((Date.now() * 10 + n) % 8_999_999_999)).slice(0, 10);
    return `<prospect status="new"><id source="bench">${tag}</id><requestdate>2026-03-02T12:00:00</requestdate>
<vehicle interest="lease"><year>2026</year><make>${field('the vehicle make', 'M')}</make><model>${field('the vehicle model', 'm')}</model>
<trim>${field('the vehicle trim', 't')}</trim><vin>${field('the VIN', 'V')}</vin><stock>${field('the stock number', 'S')}</stock>
<finance><amount type="monthly">9999999.99</amount></finance></vehicle>
<customer><contact><name part="first">${field('the first name', 'f')}</name><name part="last">${field('the last name', 'l')}</name>
<email>${tag}.${'e'.repeat(200)}@example.com</email><phone type="cellphone">${digits}</phone>
<address><postalcode>${field('the postal code', '9')}</postalcode></address></contact>
<comments>${field('the comments', 'c')}</comments></customer><provider><name part="full">${field('the provider', 'p')}</name></provider></prospect>`;
  };
  return [
    {
      name: `POST /leads/adf/{token} (${ADF_MAX_PROSPECTS} new prospects, every field at its limit)`,
      prepare: async (data) => {
        const current = await adfStore(data.table).address('company');
        token = (await adfStore(data.table).regenerate('company', current, NOW)).token;
      },
      run: async (data) => {
        const document = `<adf>${Array.from({ length: ADF_MAX_PROSPECTS }, () => prospect(sent++)).join('')}</adf>`;
        const received = await receiveAdf(token, Buffer.from(document), 'application/xml', adfDataOf(data), NOW);
        // The new leads would be the newest of the inbox lists measured at the next size (and 4 KB each): removed
        // through a client the meter does not see, so the lists read the same leads at both sizes.
        await Promise.all(
          received.leads.map(({ id }) =>
            unmetered.send(new DeleteCommand({ TableName: TABLE, Key: { pk: `QUOTELEAD#${id}`, sk: 'QUOTELEAD' } })),
          ),
        );
        return received;
      },
    },
  ];
}
