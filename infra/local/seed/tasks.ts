/**
 * Demo tasks (docs/decisions.md, "Tasks") for the demo broker, in their time zone (America/New_York, morning e-mail
 * on): one overdue, one due today, two later this week (one linked to a demo lead), so My day and /tasks show every
 * block. Ids are fixed so a re-run adds nothing.
 */
import type { DemoUserIds, DemoUserKey } from '../config';
import type { Data } from '@infra/data/create-data';
import type { Task } from '@functions/domain/tasks/tasks';
import { dueInstant, firstReminderAt, plusDays, wallClock } from '@shared/tasks/rules';
import { DEMO_LEAD_IDS } from './leads';

export const DEMO_TASK_TIME_ZONE = 'America/New_York';

export async function seedDemoTasks(data: Data, users: Record<DemoUserKey, DemoUserIds>, now: Date): Promise<number> {
  const { broker } = users;
  const zone = DEMO_TASK_TIME_ZONE;
  const today = wallClock(now, zone).date;
  const task = (id: string, title: string, dayOffset: number, dueTime: string, extra: Partial<Task> = {}): Task => {
    const dueDate = plusDays(today, dayOffset);
    return {
      id,
      title,
      dueDate,
      dueTime,
      timeZone: zone,
      dueAt: dueInstant(dueDate, dueTime, zone),
      assigneeId: broker.userId,
      status: 'open',
      source: 'manual',
      createdBy: broker.userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      revision: 1,
      ...extra,
    };
  };
  const tasks = [
    task('demo-task-overdue', 'Send the signed lease papers to the dealer', -1, '10:00', {
      notes: 'The dealer is waiting for the originals.',
    }),
    task('demo-task-today', 'Call back about the trade-in payoff', 0, '17:00'),
    task('demo-task-lead', 'Follow up on the RAV4 quote', 2, '11:00', { linkKind: 'lead', linkId: DEMO_LEAD_IDS[0] }),
    task('demo-task-week', 'Check in on the insurance quote', 5, '09:30'),
  ];
  let created = 0;
  for (const item of tasks) {
    if (await data.tasks.get(item.id)) continue;
    await data.tasks.create(item);
    created++;
  }
  await data.tasks.putSettingsIfNone({
    userId: broker.userId,
    timeZone: zone,
    morningEmail: true,
    reminderAt: firstReminderAt(now, zone),
    updatedAt: now.toISOString(),
  });
  return created;
}
