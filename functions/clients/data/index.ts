/**
 * The clients function's data: the clients, their deals (renamed with them, listed on a client's page), the counters,
 * the company settings (the book mode) and the users a trail entry names.
 */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { userStore } from '@functions/domain/users/users';
import { counterStore } from '@functions/domain/counters/counters';
import { dealStore } from '@functions/domain/deals/deals';

export const clientsData = functionData((table) => ({
  clients: clientStore(table),
  deals: dealStore(table),
  counters: counterStore(table),
  settings: companySettingsStore(table),
  users: userStore(table),
}));

export type ClientsData = ReturnType<typeof clientsData>;
