/** The credit-applications function's data: the application tokens, the deals they belong to, the brokers asking. */
import { functionData } from '@functions/lib/data/function-data';
import { creditApplicationStore } from '@functions/lib/data/stores/credit-applications';
import { dealStore } from '@functions/lib/data/deals/deals';
import { userStore } from '@functions/lib/data/stores/users';

export const creditApplicationsData = functionData((table) => ({
  creditApplications: creditApplicationStore(table),
  deals: dealStore(table),
  users: userStore(table),
}));

export type CreditApplicationsData = ReturnType<typeof creditApplicationsData>;
