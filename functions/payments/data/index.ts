/** The payments function's data: the deals it charges for, the consumers' clients, the provider events acted on, the admins resolving payments to review. */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
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
}));

export type PaymentsData = ReturnType<typeof paymentsData>;
