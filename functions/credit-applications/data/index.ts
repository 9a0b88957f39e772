/**
 * The credit-applications function's data: the application tokens, the deals they belong to, the brokers asking,
 * the company settings (own book: another broker's deal is a 404).
 */
import { functionData } from '@functions/lib/data/function-data';
import { creditApplicationStore } from '@functions/domain/credit-applications/credit-applications';
import { dealStore } from '@functions/domain/deals/deals';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { userStore } from '@functions/domain/users/users';

export const creditApplicationsData = functionData((table) => ({
  creditApplications: creditApplicationStore(table),
  deals: dealStore(table),
  users: userStore(table),
  settings: companySettingsStore(table),
}));

export type CreditApplicationsData = ReturnType<typeof creditApplicationsData>;
