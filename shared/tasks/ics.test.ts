import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, taskIcs, zonedTimeToUtc, type IcsTask } from './ics';

const TASK: IcsTask = {
  id: '01JTASK0000000000000000000',
  revision: 2,
  title: 'Call Dana; confirm trade-in, payoff',
  notes: 'Payoff from Chase\\nask about Costco',
  dueDate: '2026-11-26',
  dueTime: '09:30',
  timeZone: 'America/Los_Angeles',
  url: 'https://app.leasedesk.com/deals/01JDEAL',
};

/** Unfolds RFC 5545 lines and returns them. */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
}

describe('taskIcs (RFC 5545)', () => {
  it('is one VEVENT with a stable UID, its revision, a UTC start from the broker time zone and a 15-minute alarm', () => {
    const ics = taskIcs(TASK, new Date('2026-11-25T08:00:00.000Z'));
    expect(contentLines(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//LeaseDesk//Tasks//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:task-01JTASK0000000000000000000@leasedesk',
      'SEQUENCE:2',
      'DTSTAMP:20261125T080000Z',
      'DTSTART:20261126T173000Z',
      'DTEND:20261126T180000Z',
      'SUMMARY:Call Dana\\; confirm trade-in\\, payoff',
      'DESCRIPTION:Payoff from Chase\\\\nask about Costco',
      'URL:https://app.leasedesk.com/deals/01JDEAL',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Call Dana\\; confirm trade-in\\, payoff',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it('keeps the same UID for the same task whenever it is made', () => {
    const uid = (ics: string) => contentLines(ics).find((line) => line.startsWith('UID:'));
    expect(uid(taskIcs(TASK, new Date('2026-11-25T08:00:00Z')))).toBe(
      uid(taskIcs({ ...TASK, revision: 3 }, new Date('2026-11-26T08:00:00Z'))),
    );
  });
});

describe('zonedTimeToUtc', () => {
  it('reads a wall time in the broker time zone, summer and winter', () => {
    expect(zonedTimeToUtc('2026-07-01', '08:00', 'America/New_York').toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(zonedTimeToUtc('2026-12-01', '08:00', 'America/New_York').toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(zonedTimeToUtc('2026-12-01', '08:00', 'UTC').toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('moves a time skipped by spring-forward after the change, and takes the first of a repeated fall-back time', () => {
    // 8 March 2026: New York jumps from 02:00 EST to 03:00 EDT; 1 November 2026: 02:00 EDT back to 01:00 EST.
    expect(zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedTimeToUtc('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('text and folding', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('writes the line and paragraph separators U+2028 and U+2029 as escaped line breaks, never raw', () => {
    expect(escapeIcsText('a\u2028b\u2029c')).toBe('a\\nb\\nc');
    const ics = taskIcs(
      { ...TASK, title: 'Call\u2028DTSTART:19700101T000000Z', notes: 'x\u2029END:VEVENT' },
      new Date('2026-11-25T08:00:00.000Z'),
    );
    expect(ics).not.toMatch(/[\u2028\u2029]/);
    expect(contentLines(ics)).toContain('SUMMARY:Call\\nDTSTART:19700101T000000Z');
    expect(contentLines(ics).filter((line) => line.startsWith('DTSTART:'))).toEqual(['DTSTART:20261126T173000Z']);
  });

  it('folds any line to 75 octets without splitting a character, and unfolds to the same line', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', ' '), maxLength: 200 }), (text) => {
        const line = `SUMMARY:${text}`;
        const folded = foldIcsLine(line);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
        for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      }),
    );
  });
});
