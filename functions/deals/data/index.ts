/**
 * The deals function's data: the deal aggregate (functions/lib/data/deals/deals.ts, shared: every deal write
 * updates the marketplace, deal-list, broker-stats and counter items in one transaction), the deals list this
 * feature reads, the clients, dealerships, brokers, credit applications and converted leads a deal names, and the
 * company settings (own book).
 */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { companySettingsStore } from '@functions/lib/data/stores/company-settings';
import { creditApplicationStore } from '@functions/lib/data/stores/credit-applications';
import { dealershipStore } from '@functions/lib/data/stores/dealerships';
import { leadDealStore } from '@functions/lib/data/stores/lead-deals';
import { dealStore } from '@functions/lib/data/deals/deals';
import { taskStore } from '@functions/lib/data/stores/tasks';
import { userStore } from '@functions/lib/data/stores/users';
import { dealListStore } from './deal-list';
import { maturingStore } from './maturing';

export const dealsData = functionData((table) => ({
  deals: dealStore(table),
  dealList: dealListStore(table),
  /** The "Maturing" view's index (docs/data-model.md, "Deal-driven tasks and lease maturity"). */
  maturing: maturingStore(table),
  users: userStore(table),
  clients: clientStore(table),
  dealerships: dealershipStore(table),
  creditApplications: creditApplicationStore(table),
  /** A deal created from a converted lead is linked to it. */
  leadDeals: leadDealStore(table),
  settings: companySettingsStore(table),
  /** The deal page shows the deal's open tasks, so the detail read answers them in the same call. */
  tasks: taskStore(table),
}));

export type DealsData = ReturnType<typeof dealsData>;
