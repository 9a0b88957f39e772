/**
 * The notify-waiting-leads job (EventBridge Scheduler every 15 minutes; locally on a timer and `npm run job --
 * notify-waiting-leads`): a lead still `new` an hour after it arrived waits too long. Unassigned, every admin is told;
 * assigned but not contacted, its assignee is (shared/notifications/kinds.ts, `leadWaitingReason`). Each lead and
 * reason is told once: its marker is written in the notifications' transaction. Reads one Query of the leads-by-status
 * index over the last 7 days, never a Scan.
 */
import { LEAD_WAITING_LOOKBACK_DAYS, LEAD_WAITING_THRESHOLD_MINUTES, leadWaitingReason } from '@shared/notifications/kinds';
import { logger } from '@functions/lib/logger';
import { notify } from '@functions/domain/notifications/notify';
import { waitingLeadsData, type WaitingLeadsData } from './data/notify-waiting-leads';

export interface WaitingLeadsResult {
  waiting: number;
  notified: number;
}

export async function notifyWaitingLeads(data: WaitingLeadsData, now: Date): Promise<WaitingLeadsResult> {
  const from = new Date(now.getTime() - LEAD_WAITING_LOOKBACK_DAYS * 86_400_000).toISOString();
  const to = new Date(now.getTime() - LEAD_WAITING_THRESHOLD_MINUTES * 60_000).toISOString();
  const leads = await data.newLeadsBetween(from, to);
  let admins: { userId: string }[] | undefined;
  let notified = 0;
  for (const lead of leads) {
    const reason = leadWaitingReason(lead, now);
    if (!reason) continue;
    const recipients =
      reason === 'unassigned' ? (admins ??= await data.admins()).map((admin) => admin.userId) : [lead.assignedBrokerId!];
    const inputs = recipients.map((userId) => notify.leadWaiting(userId, lead, reason));
    if (inputs.length > 0 && (await data.notifyOnce(`lead-waiting#${lead.id}#${reason}`, inputs, now))) notified++;
  }
  return { waiting: leads.length, notified };
}

export const handler = async (): Promise<WaitingLeadsResult> => {
  const result = await notifyWaitingLeads(waitingLeadsData(), new Date());
  logger.info('notify-waiting-leads finished', { ...result });
  return result;
};
