/**
 * The deals function's data: the deal aggregate (functions/domain/deals/deals.ts, shared: every deal write
 * updates the marketplace, deal-list, broker-stats and counter items in one transaction), the deals list this
 * feature reads, the clients, dealerships, brokers, credit applications and converted leads a deal names, and the
 * company settings (own book, whether a fee waits for a signed agreement) and the deal's brokering agreement.
 */
import { functionData } from '@functions/lib/data/function-data';
import { agreementStore } from '@functions/domain/agreements/agreements';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { creditApplicationStore } from '@functions/domain/credit-applications/credit-applications';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { leadDealStore } from './lead-deals';
import { dealStore } from '@functions/domain/deals/deals';
import { taskStore } from '@functions/domain/tasks/tasks';
import { userStore } from '@functions/domain/users/users';
import { programRowLookup } from '@functions/domain/programs/program-rows';
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
  /** The deal page shows where the client's brokering agreement stands, in the same call. */
  agreements: agreementStore(table),
  /** A desked deal names the lender program row it was filled from; a save checks the row exists. */
  programRows: programRowLookup(table),
}));

export type DealsData = ReturnType<typeof dealsData>;
