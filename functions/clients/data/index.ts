/** The clients function's data: the clients, their deals (renamed with them, listed on a client's page) and the counters. */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { counterStore } from '@functions/lib/data/stores/counters';
import { dealStore } from '@functions/lib/data/deals/deals';

export const clientsData = functionData((table) => ({
  clients: clientStore(table),
  deals: dealStore(table),
  counters: counterStore(table),
}));

export type ClientsData = ReturnType<typeof clientsData>;
