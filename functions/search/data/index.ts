/**
 * The search function's data: the search indexes it reads with the leads they name (./search-index.ts), the clients
 * and deals they name (BatchGets), the users table for who is asking, and the company settings (own book). It writes nothing.
 */
import { functionData } from '@functions/lib/data/function-data';
import { dealStore } from '@functions/domain/deals/deals';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { userStore } from '@functions/domain/users/users';
import { searchIndexStore } from './search-index';

export const searchData = functionData((table) => ({
  searchIndex: searchIndexStore(table),
  users: userStore(table),
  clients: clientStore(table),
  deals: dealStore(table),
  /** Own book: brokers find only their own clients, deals and leads. */
  settings: companySettingsStore(table),
}));

export type SearchData = ReturnType<typeof searchData>;
