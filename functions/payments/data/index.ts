/** The payments function's data: the deals it charges for, the consumers' clients, the provider events acted on. */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { dealStore } from '@functions/lib/data/deals/deals';
import { notificationStore } from '@functions/lib/data/stores/notifications';
import { paymentStore } from './payments';

export const paymentsData = functionData((table) => ({
  deals: dealStore(table),
  clients: clientStore(table),
  payments: paymentStore(table),
  notifications: notificationStore(table),
}));

export type PaymentsData = ReturnType<typeof paymentsData>;
