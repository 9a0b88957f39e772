/** The notification centre's data (the API function): the caller's notifications and e-mail preferences. */
import { functionData } from '@functions/lib/data/function-data';
import { notificationStore } from '@functions/domain/notifications/notifications';

export const notificationsData = functionData((table) => ({ notifications: notificationStore(table) }));

export type NotificationsData = ReturnType<typeof notificationsData>;
