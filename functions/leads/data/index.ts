/** The leads function's data: the leads, the brokers they go to, the clients a lead becomes, and the company settings (own book). */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { leadStore } from '@functions/domain/leads/leads';
import { userStore } from '@functions/domain/users/users';

export const leadsData = functionData((table) => ({
  leads: leadStore(table),
  users: userStore(table),
  clients: clientStore(table),
  settings: companySettingsStore(table),
}));

export type LeadsData = ReturnType<typeof leadsData>;
