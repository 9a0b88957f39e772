/**
 * The search function's data: the search indexes it reads with the leads they name (./search-index.ts), the clients
 * and deals they name (BatchGets), and the users table for who is asking. It writes nothing.
 */
import { functionData } from '@functions/lib/data/function-data';
import { dealStore } from '@functions/lib/data/deals/deals';
import { clientStore } from '@functions/lib/data/stores/clients';
import { userStore } from '@functions/lib/data/stores/users';
import { searchIndexStore } from './search-index';

export const searchData = functionData((table) => ({
  searchIndex: searchIndexStore(table),
  users: userStore(table),
  clients: clientStore(table),
  deals: dealStore(table),
}));

export type SearchData = ReturnType<typeof searchData>;
