/**
 * A task as an iCalendar event (RFC 5545), attached to the morning reminder e-mail so the task lands in the
 * broker's calendar (docs/decisions.md, "Tasks' calendar files and lease maturity: the rules"). Pure.
 *
 * - UID is stable per task (`task-{id}@leasedesk`), so a second reminder for the same task updates the calendar
 *   entry instead of adding another; SEQUENCE follows the task's revision.
 * - DTSTART is the task's due time in the broker's time zone, written in UTC (`...Z`): every calendar reads it
 *   without a VTIMEZONE block. DTSTAMP is when the file was made, in UTC.
 * - A 15-minute display alarm.
 * - Text is escaped (backslash, semicolon, comma, line breaks, U+2028 and U+2029) and lines are folded at 75 octets with CRLF.
 */

export interface IcsTask {
  id: string;
  revision: number;
  title: string;
  notes?: string | null;
  /** Due day and time in `timeZone` ("YYYY-MM-DD", "HH:mm"). */
  dueDate: string;
  dueTime: string;
  /** IANA time zone of the broker, e.g. "America/Los_Angeles". */
  timeZone: string;
  /** A link to the task's record in the app. */
  url?: string | null;
}

/** Minutes before the due time the calendar alarm rings. */
export const ICS_ALARM_MINUTES = 15;
/** How long the calendar entry lasts. */
export const ICS_DURATION_MINUTES = 30;

/** The offset (ms) of `timeZone` from UTC at the instant `utc`. */
function offsetAt(utc: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utc));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(utc / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock day and time in `timeZone`. A time that a spring-forward gap skips is read as
 * the same wall time after the change (02:30 on the day clocks jump to 03:00 is 03:30); an ambiguous fall-back
 * time is its first occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const DAY = 24 * 60 * 60 * 1000;
  // The zone's offsets a day either side cover any transition on the day; an instant is right when it reads as `wall`.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const matches = [wall - before, wall - after]
    .filter((instant) => instant + offsetAt(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(matches[0] ?? wall - before);
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as \n; the line and paragraph separators
 * U+2028 and U+2029 are line breaks too (some calendars break the content line at them, which would let a task's
 * title start a property of its own: docs/security.md, "E-mail and calendar text").
 */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n');
}

/** Folds a content line to 75 octets per line (continuations start with a space), never splitting a character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The calendar file of one task. */
export function taskIcs(task: IcsTask, now: Date): string {
  const start = zonedTimeToUtc(task.dueDate, task.dueTime, task.timeZone);
  const end = new Date(start.getTime() + ICS_DURATION_MINUTES * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//LeaseDesk//Tasks//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:task-${task.id}@leasedesk`,
    `SEQUENCE:${task.revision}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escapeIcsText(task.title)}`,
    ...(task.notes ? [`DESCRIPTION:${escapeIcsText(task.notes)}`] : []),
    ...(task.url ? [`URL:${task.url}`] : []),
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeIcsText(task.title)}`,
    `TRIGGER:-PT${ICS_ALARM_MINUTES}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
