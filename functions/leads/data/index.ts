/** The leads function's data: the leads, the brokers they go to, the clients a lead becomes, and the company settings (own book). */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { companySettingsStore } from '@functions/lib/data/stores/company-settings';
import { leadStore } from '@functions/lib/data/stores/leads';
import { userStore } from '@functions/lib/data/stores/users';

export const leadsData = functionData((table) => ({
  leads: leadStore(table),
  users: userStore(table),
  clients: clientStore(table),
  settings: companySettingsStore(table),
}));

export type LeadsData = ReturnType<typeof leadsData>;
