/** The payments function's data: the deals it charges for, the consumers' clients, the provider events acted on, the admins resolving payments to review, and the agreement the fee may wait for. */
import { functionData } from '@functions/lib/data/function-data';
import { agreementStore } from '@functions/domain/agreements/agreements';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { dealStore } from '@functions/domain/deals/deals';
import { userStore } from '@functions/domain/users/users';
import { notificationStore } from '@functions/domain/notifications/notifications';
import { paymentStore } from './payments';

export const paymentsData = functionData((table) => ({
  deals: dealStore(table),
  clients: clientStore(table),
  payments: paymentStore(table),
  /** The resolving admin's name, for the activity trail. */
  users: userStore(table),
  notifications: notificationStore(table),
  // Whether the fee waits for the client's signed brokering agreement, and the signature (docs/decisions.md, "Agreements").
  settings: companySettingsStore(table),
  agreements: agreementStore(table),
}));

export type PaymentsData = ReturnType<typeof paymentsData>;
