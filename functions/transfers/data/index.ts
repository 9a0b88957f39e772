/**
 * The transfers function's data: the clients (read for exports, written by imports through the clients store), the
 * deals and leads it exports, the import jobs, the users a client's trail entry names, and the company settings (own
 * book: which existing clients an import may name).
 */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { leadStore } from '@functions/domain/leads/leads';
import { userStore } from '@functions/domain/users/users';
import { clientImportStore } from './client-import';
import { dealExportReader } from './deal-export';

export const transfersData = functionData((table) => ({
  clients: clientStore(table),
  leads: leadStore(table),
  deals: dealExportReader(table),
  imports: clientImportStore(table),
  users: userStore(table),
  settings: companySettingsStore(table),
}));

export type TransfersData = ReturnType<typeof transfersData>;
