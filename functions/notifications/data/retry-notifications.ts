/** The retry-notifications job's data (a function of its own): the outbox only. */
import { functionData } from '@functions/lib/data/function-data';
import { outboxStore } from '@functions/lib/data/outbox-store';

export const retryNotificationsData = functionData((table) => ({ outbox: outboxStore(table) }));

export type RetryNotificationsData = ReturnType<typeof retryNotificationsData>;
