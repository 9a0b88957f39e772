/**
 * The remind-tasks job (EventBridge Scheduler every 15 minutes UTC, so 08:00 in every zone, half-hour and
 * quarter-hour zones included, falls on a run; locally `npm run job -- remind-tasks`): each user whose morning
 * task e-mail is on and whose local time has reached 08:00 gets ONE e-mail listing their overdue and today's open
 * tasks, each with its link and a calendar file (.ics, shared/tasks/ics.ts). Nobody with nothing due gets one.
 *
 * Once per local day, whatever the retries: before sending, the user's settings item is moved on to their next
 * 08:00 with a conditional write that also records the local day (`claimReminder`), so a second run, or two runs at
 * once, find nothing to claim. A send that fails for a reason worth retrying gives the claim back, and the next run
 * tries again; a refused address is not retried (docs/operations.md, "remind-tasks").
 */
import { linkPath } from '@shared/tasks/links';
import { taskIcs } from '@shared/tasks/ics';
import { dueInstant, plusDays, reminderPlan } from '@shared/tasks/rules';
import { config } from '@functions/lib/config';
import { escapeHtml } from '@functions/lib/html';
import type { Task } from '@functions/domain/tasks/tasks';
import { lazy } from '@functions/lib/lazy';
import { logger } from '@functions/lib/logger';
import { createMailer, type Email, type Mailer } from '@functions/lib/mailer';
import { remindTasksData, type RemindTasksData } from './data/remind-tasks';

/** Users one run handles at most (the rest are due on the next run, 15 minutes later). */
export const REMIND_BATCH_SIZE = 200;
/** Tasks listed in one e-mail at most. */
export const REMIND_MAX_TASKS = 50;

export interface RemindResult {
  due: number;
  sent: number;
  /** Due users with nothing overdue or due today (no e-mail). */
  nothingDue: number;
  failed: number;
}

/** The morning e-mail of `tasks` for `to` (pure). */
export function reminderEmail(to: string, name: string, day: string, tasks: Task[], appUrl: string, now: Date): Email {
  const overdue = tasks.filter((task) => task.dueAt < now.toISOString());
  const today = tasks.filter((task) => !overdue.includes(task));
  const line = (task: Task) => {
    const url = `${appUrl}${task.linkKind && task.linkId ? linkPath(task.linkKind, task.linkId) : '/tasks'}`;
    return { text: `- ${task.title} (due ${task.dueDate} ${task.dueTime}): ${url}`, url, task };
  };
  const section = (title: string, list: Task[]) =>
    list.length === 0 ? [] : [`${title}:`, ...list.map((task) => line(task).text), ''];
  const htmlSection = (title: string, list: Task[]) =>
    list.length === 0
      ? ''
      : `<h2>${title}</h2><ul>${list
          .map((task) => {
            const { url } = line(task);
            return `<li><a href="${escapeHtml(url)}">${escapeHtml(task.title)}</a> (due ${task.dueDate} ${task.dueTime})</li>`;
          })
          .join('')}</ul>`;
  const count = tasks.length;
  return {
    to,
    subject: `Your tasks for ${day}: ${count} ${count === 1 ? 'task' : 'tasks'}`,
    text: [
      `Good morning ${name},`,
      '',
      ...section('Overdue', overdue),
      ...section('Due today', today),
      `All your tasks: ${appUrl}/tasks`,
      'You can turn this e-mail off on your profile.',
    ].join('\n'),
    html: `<p>Good morning ${escapeHtml(name)},</p>${htmlSection('Overdue', overdue)}${htmlSection('Due today', today)}<p><a href="${escapeHtml(`${appUrl}/tasks`)}">All your tasks</a>. You can turn this e-mail off on your profile.</p>`,
    attachments: tasks.map((task) => ({
      fileName: `task-${task.id}.ics`,
      contentType: 'text/calendar; charset=UTF-8; method=PUBLISH',
      content: taskIcs({ ...task, url: line(task).url }, now),
    })),
  };
}

export async function remindTasks(
  data: RemindTasksData,
  mailer: Pick<Mailer, 'sendEmail'>,
  appUrl: string,
  now: Date,
): Promise<RemindResult> {
  const due = await data.remindersDue(now, REMIND_BATCH_SIZE);
  const result: RemindResult = { due: due.length, sent: 0, nothingDue: 0, failed: 0 };
  for (const settings of due) {
    const plan = reminderPlan(now, settings.timeZone);
    // Before 08:00 local (a run catching up after the job was down): only move on to this morning's.
    if (!plan.send) {
      await data.claimReminder(settings, null, plan.nextAt, now);
      continue;
    }
    if (!(await data.claimReminder(settings, plan.day, plan.nextAt, now))) continue;
    const endOfDay = dueInstant(plusDays(plan.day, 1), '00:00', settings.timeZone);
    const [{ tasks }, user] = await Promise.all([
      data.openTasksBefore(settings.userId, endOfDay, REMIND_MAX_TASKS),
      data.user(settings.userId),
    ]);
    if (tasks.length === 0 || !user) {
      result.nothingDue++;
      continue;
    }
    const sent = await mailer.sendEmail(reminderEmail(user.email, user.fullName, plan.day, tasks, appUrl, now));
    if (sent.ok) {
      result.sent++;
    } else {
      result.failed++;
      if (sent.retryable) {
        await data.releaseReminder({ ...settings, reminderAt: plan.nextAt }, settings, now);
      }
      logger.error('task reminder not sent', { userId: settings.userId, day: plan.day, error: sent.error });
    }
  }
  return result;
}

const mailer = lazy(() => createMailer());

export const handler = async (): Promise<RemindResult> => {
  const result = await remindTasks(remindTasksData(), mailer(), config.appUrl, new Date());
  logger.info('remind-tasks finished', { ...result });
  return result;
};
