/**
 * The clients function's data: the clients, their deals (renamed with them, listed on a client's page), the counters,
 * the company settings (the book mode) and the users a trail entry names.
 */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { companySettingsStore } from '@functions/lib/data/stores/company-settings';
import { userStore } from '@functions/lib/data/stores/users';
import { counterStore } from '@functions/lib/data/stores/counters';
import { dealStore } from '@functions/lib/data/deals/deals';

export const clientsData = functionData((table) => ({
  clients: clientStore(table),
  deals: dealStore(table),
  counters: counterStore(table),
  settings: companySettingsStore(table),
  users: userStore(table),
}));

export type ClientsData = ReturnType<typeof clientsData>;
