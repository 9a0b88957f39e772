/**
 * The tasks' pure rules (docs/decisions.md, "Tasks"), shared by the API, the reminder job and the web:
 *
 * - Time: a task is due at a wall-clock day and time in a time zone; "overdue", "today" and "the next 7 days" are
 *   ranges of UTC instants computed from the viewer's zone, so the indexes (sorted by the UTC due instant) answer
 *   them with one range read whatever the zone (half-hour zones included).
 * - Who may assign whom: a broker only themselves, an admin any broker (or themselves).
 * - The morning reminder: 08:00 in the assignee's zone, at most once per local day.
 */
import { zonedTimeToUtc } from './ics';

export { zonedTimeToUtc } from './ics';

/** The local hour the morning reminder goes out at. */
export const REMINDER_LOCAL_TIME = '08:00';
/** The "next 7 days" window of My day and the list. */
export const UPCOMING_DAYS = 7;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock day ("YYYY-MM-DD") and time ("HH:mm") of `instant` in `zone`. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * Where a new task's due starts in "Add task": the next whole hour on the wall clock of `zone` (14:20 gives 15:00,
 * 23:40 gives 00:00 the next day), so a task added as it is, without touching the date and time, is never overdue
 * the moment it is made (docs/decisions.md, "Tasks").
 */
export function defaultDue(now: Date, zone: string): { date: string; time: string } {
  const { date, time } = wallClock(now, zone);
  const hour = Number(time.slice(0, 2)) + 1;
  return hour === 24 ? { date: plusDays(date, 1), time: '00:00' } : { date, time: `${String(hour).padStart(2, '0')}:00` };
}

/** "YYYY-MM-DD" plus `days` (calendar arithmetic, no zone). */
export function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The UTC instant (ISO) a task due at `dueDate` `dueTime` in `zone` is due. */
export function dueInstant(dueDate: string, dueTime: string, zone: string): string {
  return zonedTimeToUtc(dueDate, dueTime, zone).toISOString();
}

/** The start of local day `date` in `zone`, as a UTC instant (ISO). */
export function startOfLocalDay(date: string, zone: string): string {
  return zonedTimeToUtc(date, '00:00', zone).toISOString();
}

export const DUE_WINDOWS = ['overdue', 'today', 'week', 'all'] as const;
export type DueWindow = (typeof DUE_WINDOWS)[number];

/** A range of due instants: `from` inclusive, `to` exclusive (ISO; absent = open). */
export interface DueRange {
  from?: string;
  to?: string;
}

/**
 * The due range of a list filter at `now` for a viewer in `zone`:
 * - overdue: due before now;
 * - today: the whole local day (from its midnight to the next);
 * - week: from now to the end of the 7th local day after today;
 * - all: any time.
 */
export function dueWindowRange(window: DueWindow, now: Date, zone: string): DueRange {
  const today = wallClock(now, zone).date;
  switch (window) {
    case 'overdue':
      return { to: now.toISOString() };
    case 'today':
      return { from: startOfLocalDay(today, zone), to: startOfLocalDay(plusDays(today, 1), zone) };
    case 'week':
      return { from: now.toISOString(), to: startOfLocalDay(plusDays(today, UPCOMING_DAYS + 1), zone) };
    case 'all':
      return {};
  }
}

/**
 * My day's three blocks at `now` in `zone`, which never overlap: overdue (due before now), the rest of today, and
 * the next 7 days after today. Their union is one range: anything due before the end of the 7th day.
 */
export function myDayRanges(now: Date, zone: string): { overdue: DueRange; today: DueRange; upcoming: DueRange; end: string } {
  const today = wallClock(now, zone).date;
  const tomorrow = startOfLocalDay(plusDays(today, 1), zone);
  const end = startOfLocalDay(plusDays(today, UPCOMING_DAYS + 1), zone);
  return {
    overdue: { to: now.toISOString() },
    today: { from: now.toISOString(), to: tomorrow },
    upcoming: { from: tomorrow, to: end },
    end,
  };
}

/** Whether `dueAt` (ISO) falls in `range`. ISO instants of the same format compare as strings. */
export function inRange(dueAt: string, range: DueRange): boolean {
  return (range.from === undefined || dueAt >= range.from) && (range.to === undefined || dueAt < range.to);
}

export interface TaskActor {
  userId: string;
  role: string;
}

/** Whether `actor` may give a task to `assigneeId`: a broker only to themselves, an admin to anyone. */
export function mayAssign(actor: TaskActor, assigneeId: string): boolean {
  return actor.role === 'admin' || (actor.role === 'broker' && actor.userId === assigneeId);
}

/** Whether `actor` may see and change `task`: an admin any, a broker those assigned to them or made by them. */
export function mayAccess(actor: TaskActor, task: { assigneeId: string; createdBy?: string | null }): boolean {
  if (actor.role === 'admin') return true;
  return actor.role === 'broker' && (task.assigneeId === actor.userId || task.createdBy === actor.userId);
}

/**
 * The morning reminder's decision at `now` for someone in `zone`: whether to send it now (their local time has
 * reached 08:00), the local day it is for, and when the next one is due (the next 08:00 after now, as a UTC instant).
 * Before 08:00 (a run that catches up after the job was down) nothing is sent: the next one is this morning's.
 */
export function reminderPlan(now: Date, zone: string): { send: boolean; day: string; nextAt: string } {
  const { date, time } = wallClock(now, zone);
  const send = time >= REMINDER_LOCAL_TIME;
  const nextDay = send ? plusDays(date, 1) : date;
  return { send, day: date, nextAt: dueInstant(nextDay, REMINDER_LOCAL_TIME, zone) };
}

/** The first reminder of someone who turns them on (or changes zone) at `now`: the next 08:00 in `zone`. */
export function firstReminderAt(now: Date, zone: string): string {
  const { date, time } = wallClock(now, zone);
  return dueInstant(time >= REMINDER_LOCAL_TIME ? plusDays(date, 1) : date, REMINDER_LOCAL_TIME, zone);
}
