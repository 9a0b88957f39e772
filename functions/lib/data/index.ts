/**
 * The data access of every function: `createData()` in a handler (the table from TABLE_NAME, the client from
 * the SDK's environment), `createData({ client, table })` in tests against a throwaway table. Creating it is
 * cheap: the stores build the dynamodb-toolbox entities they use on first use (`perTable` in table.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { createDocumentClient } from './client';
import { academyStore } from './stores/academy';
import { brokerStatsStore } from '@functions/brokers/data/broker-stats';
import { brokerStore } from '@functions/brokers/data/brokers';
import { clientStore } from './stores/clients';
import { counterStore } from './stores/counters';
import { creditApplicationStore } from './stores/credit-applications';
import { dealershipStore } from './stores/dealerships';
import { dealListStore } from '@functions/deals/data/deal-list';
import { dealStore } from '@functions/lib/data/deals/deals';
import { invitationStore } from '@functions/invitations/data/invitations';
import { leadStore } from './stores/leads';
import { marketplaceStore } from '@functions/marketplace/data/marketplace';
import { referralStore } from '@functions/referrals/data/referrals';
import { paymentStore } from '@functions/payments/data/payments';
import { quoteStore } from '@functions/quotes/data/quotes';
import { seedRunStore } from './stores/seed-runs';
import { trendingStore } from '@functions/marketplace/data/trending';
import { userStore } from './stores/users';
import { viewStore } from '@functions/marketplace/data/views';
import { createToolboxTable } from './table';

export { createTableInput, timeToLiveInput, TABLE_KEYS } from './table';

export interface DataOptions {
  client?: DynamoDBDocumentClient;
  table?: string;
}

export function createData(options: DataOptions = {}) {
  const table = createToolboxTable(options.client ?? createDocumentClient(), options.table ?? config.tableName);
  return {
    users: userStore(table),
    deals: dealStore(table),
    creditApplications: creditApplicationStore(table),
    dealList: dealListStore(table),
    marketplace: marketplaceStore(table),
    clients: clientStore(table),
    dealerships: dealershipStore(table),
    academy: academyStore(table),
    views: viewStore(table),
    quotes: quoteStore(table),
    trending: trendingStore(table),
    leads: leadStore(table),
    counters: counterStore(table),
    seedRuns: seedRunStore(table),
    invitations: invitationStore(table),
    referrals: referralStore(table),
    brokers: brokerStore(table),
    brokerStats: brokerStatsStore(table),
    payments: paymentStore(table),
  };
}

export type Data = ReturnType<typeof createData>;

let shared: Data | undefined;
/** One instance per Lambda container, created on first use (not at import, so a cold start stays cheap). */
export function defaultData(): Data {
  shared ??= createData();
  return shared;
}
