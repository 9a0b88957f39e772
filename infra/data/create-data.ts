/**
 * The whole table: every store of every feature over one table, for the tools that need all of it (the local
 * stack's seed, the migrations, the bench, tests, the create-admin script). It lives with the tools, not under
 * functions/, so no Lambda can load every feature's stores (a lint zone keeps runtime code out of infra/): a
 * function builds only the stores its feature uses (`functions/<feature>/data/index.ts`). docs/architecture.md has
 * the layout.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { brokerStatsStore } from '@functions/brokers/data/broker-stats';
import { brokerStore } from '@functions/brokers/data/brokers';
import { licenceExpiryStore } from '@functions/brokers/data/licence-expiry';
import { dealListStore } from '@functions/deals/data/deal-list';
import { maturingStore } from '@functions/deals/data/maturing';
import { invitationStore } from '@functions/invitations/data/invitations';
import { marketplaceStore } from '@functions/marketplace/data/marketplace';
import { trendingStore } from '@functions/marketplace/data/trending';
import { viewStore } from '@functions/marketplace/data/views';
import { paymentStore } from '@functions/payments/data/payments';
import { quoteStore } from '@functions/quotes/data/quotes';
import { referralStore } from '@functions/referrals/data/referrals';
import { searchIndexStore } from '@functions/search/data/search-index';
import { clientImportStore } from '@functions/transfers/data/client-import';
import { dealExportReader } from '@functions/transfers/data/deal-export';
import { config } from '@functions/lib/config';
import { senderLimiter } from '@functions/lib/rate-limit';
import { createDocumentClient } from '@functions/lib/data/client';
import { dealStore } from '@functions/domain/deals/deals';
import { academyStore } from '@functions/domain/academy/academy';
import { agreementStore } from '@functions/domain/agreements/agreements';
import { commissionLedger } from '@functions/domain/commission/ledger';
import { brokeredVehicleLog } from '@functions/domain/brokered-vehicles/log';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { counterStore } from '@functions/domain/counters/counters';
import { creditApplicationStore } from '@functions/domain/credit-applications/credit-applications';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { leadDealStore } from '@functions/deals/data/lead-deals';
import { leadStore } from '@functions/domain/leads/leads';
import { notificationStore } from '@functions/domain/notifications/notifications';
import { outboxStore } from '@functions/lib/data/outbox-store';
import { taskStore } from '@functions/domain/tasks/tasks';
import { userStore } from '@functions/domain/users/users';
import { programRowLookup } from '@functions/domain/programs/program-rows';
import { createToolboxTable } from '@functions/lib/data/table';

export { createTableInput, timeToLiveInput, TABLE_KEYS } from '@functions/lib/data/table';

export interface DataOptions {
  client?: DynamoDBDocumentClient;
  table?: string;
}

/** Every store over `options.table` (TABLE_NAME by default), and the table itself for tools with stores of their own. */
export function createData(options: DataOptions = {}) {
  const table = createToolboxTable(options.client ?? createDocumentClient(), options.table ?? config.tableName);
  return {
    table,
    // Shared by several features (functions/domain) and the outbox (functions/lib/data).
    users: userStore(table),
    deals: dealStore(table),
    clients: clientStore(table),
    dealerships: dealershipStore(table),
    creditApplications: creditApplicationStore(table),
    academy: academyStore(table),
    leads: leadStore(table),
    leadDeals: leadDealStore(table),
    counters: counterStore(table),
    settings: companySettingsStore(table),
    agreements: agreementStore(table),
    // A desked deal names the lender program row it was filled from (read by the deals feature).
    programRows: programRowLookup(table),
    outbox: outboxStore(table),
    notifications: notificationStore(table),
    // Written by the tasks feature and by the deal aggregate (follow-up and maturity tasks).
    tasks: taskStore(table),
    // The per-sender counters of the routes with a `senderLimit` (invitations, referrals).
    senders: senderLimiter(table),
    // Owned by one feature each (functions/<feature>/data).
    dealList: dealListStore(table),
    maturing: maturingStore(table),
    marketplace: marketplaceStore(table),
    views: viewStore(table),
    trending: trendingStore(table),
    quotes: quoteStore(table),
    invitations: invitationStore(table),
    referrals: referralStore(table),
    brokers: brokerStore(table),
    brokerStats: brokerStatsStore(table),
    commission: commissionLedger(table),
    brokeredVehicles: brokeredVehicleLog(table),
    licences: licenceExpiryStore(table),
    payments: paymentStore(table),
    searchIndex: searchIndexStore(table),
    clientImports: clientImportStore(table),
    dealExports: dealExportReader(table),
  };
}

export type Data = ReturnType<typeof createData>;
