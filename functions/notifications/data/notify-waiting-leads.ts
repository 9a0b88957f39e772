/**
 * The notify-waiting-leads job's data (a function of its own): the new leads of the last days (one Query of the
 * leads-by-status index, never a Scan), the admins, and the notifications with their once-only marker.
 */
import { functionData } from '@functions/lib/data/function-data';
import { leadsOfStatus, quoteLeadEntity, type QuoteLead } from '@functions/domain/leads/quote-lead';
import { queryAll } from '@functions/lib/data/query';
import { notificationStore } from '@functions/domain/notifications/notifications';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { commit } from '@functions/lib/data/transactions';
import type { NotificationInput } from '@functions/domain/notifications/notify';

export function waitingLeadsStore(table: LeaseDeskTable) {
  const notifications = notificationStore(table);
  return {
    /** Leads still `new` that arrived between `from` and `to` (ISO), oldest first. */
    async newLeadsBetween(from: string, to: string): Promise<QuoteLead[]> {
      return queryAll(quoteLeadEntity(table), {
        index: 'gsi3',
        partition: leadsOfStatus('new'),
        range: { between: [from, `${to}#~`] },
      });
    },
    admins: () => notifications.admins(),
    /** The notifications and their marker in one transaction; false (nothing written) when the marker exists. */
    async notifyOnce(markerKey: string, inputs: readonly NotificationInput[], now: Date): Promise<boolean> {
      const outcome = await commit([notifications.markerTransaction(markerKey, now), ...notifications.writes(inputs, now)]);
      return outcome.ok;
    },
  };
}

export const waitingLeadsData = functionData((table) => waitingLeadsStore(table));

export type WaitingLeadsData = ReturnType<typeof waitingLeadsData>;
