/**
 * The data access of every function: `createData()` in a handler (the table from TABLE_NAME, the client from
 * the SDK's environment), `createData({ client, table })` in tests against a throwaway table. Creating it is
 * cheap: the stores build the dynamodb-toolbox entities they use on first use (see entities.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { createDocumentClient } from './client';
import { createEntities } from './entities';
import { academyStore } from './stores/academy';
import { clientStore } from './stores/clients';
import { counterStore } from './stores/counters';
import { creditApplicationStore } from './stores/credit-applications';
import { dealershipStore } from './stores/dealerships';
import { dealListStore } from './stores/deal-list';
import { dealStore } from './stores/deals';
import { invitationStore } from './stores/invitations';
import { marketplaceStore } from './stores/marketplace';
import { referralStore } from './stores/referrals';
import { paymentStore } from './stores/payments';
import { seedRunStore } from './stores/seed-runs';
import { trendingStore } from './stores/trending';
import { userStore } from './stores/users';
import { viewStore } from './stores/views';
import { createToolboxTable } from './table';

export { createTableInput, timeToLiveInput, TABLE_KEYS } from './table';

export interface DataOptions {
  client?: DynamoDBDocumentClient;
  table?: string;
}

export function createData(options: DataOptions = {}) {
  const entities = createEntities(
    createToolboxTable(options.client ?? createDocumentClient(), options.table ?? config.tableName),
  );
  return {
    users: userStore(entities),
    deals: dealStore(entities),
    creditApplications: creditApplicationStore(entities),
    dealList: dealListStore(entities),
    marketplace: marketplaceStore(entities),
    clients: clientStore(entities),
    dealerships: dealershipStore(entities),
    academy: academyStore(entities),
    views: viewStore(entities),
    trending: trendingStore(entities),
    counters: counterStore(entities),
    seedRuns: seedRunStore(entities),
    invitations: invitationStore(entities),
    referrals: referralStore(entities),
    payments: paymentStore(entities),
  };
}

export type Data = ReturnType<typeof createData>;

let shared: Data | undefined;
/** One instance per Lambda container, created on first use (not at import, so a cold start stays cheap). */
export function defaultData(): Data {
  shared ??= createData();
  return shared;
}
