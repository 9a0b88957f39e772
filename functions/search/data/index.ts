/**
 * The search function's data: the search indexes it reads (./search-index.ts), the records they name (clients,
 * deals, leads: BatchGets), and the users table for who is asking. It writes nothing.
 */
import { functionData } from '@functions/lib/data/function-data';
import { quoteLeadEntity, type QuoteLead } from '@functions/lib/data/entities/quote-lead';
import { dealStore } from '@functions/lib/data/deals/deals';
import { clientStore } from '@functions/lib/data/stores/clients';
import { userStore } from '@functions/lib/data/stores/users';
import { batchGetAll } from '@functions/lib/data/transactions';
import { searchIndexStore } from './search-index';

export const searchData = functionData((table) => ({
  index: searchIndexStore(table),
  users: userStore(table),
  clients: clientStore(table),
  deals: dealStore(table),
  leads: {
    async getMany(ids: string[]): Promise<QuoteLead[]> {
      return ids.length > 0
        ? batchGetAll(
            quoteLeadEntity(table),
            ids.map((id) => ({ id })),
          )
        : [];
    },
  },
}));

export type SearchData = ReturnType<typeof searchData>;
