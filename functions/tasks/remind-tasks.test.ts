import { describe, expect, it } from 'vitest';
import type { Task } from '@functions/domain/tasks/tasks';
import { reminderEmail } from './remind-tasks';

const task = (id: string, title: string, dueDate: string, dueTime: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  dueDate,
  dueTime,
  timeZone: 'America/New_York',
  dueAt: new Date(`${dueDate}T${dueTime}:00-05:00`).toISOString(),
  assigneeId: 'b1',
  status: 'open',
  source: 'manual',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  revision: 3,
  ...extra,
});

describe('the morning e-mail', () => {
  const now = new Date('2026-01-15T13:05:00Z'); // 08:05 in New York
  const tasks = [
    task('T1', 'Send the <papers>', '2026-01-14', '10:00', { linkKind: 'deal', linkId: 'D1' }),
    task('T2', 'Call back', '2026-01-15', '16:00'),
  ];
  const email = reminderEmail('ann@leasedesk.com', 'Ann', '2026-01-15', tasks, 'https://app.example', now);

  it('lists overdue and today apart, each with its link, and says how to turn it off', () => {
    expect(email.subject).toBe('Your tasks for 2026-01-15: 2 tasks');
    expect(email.text).toContain('Overdue:\n- Send the <papers> (due 2026-01-14 10:00): https://app.example/deals/D1');
    expect(email.text).toContain('Due today:\n- Call back (due 2026-01-15 16:00): https://app.example/tasks');
    expect(email.text).toContain('You can turn this e-mail off on your profile.');
    expect(email.html).toContain('Send the &lt;papers&gt;');
    expect(email.html).not.toContain('<papers>');
  });

  it('attaches one calendar file per task, with its stable UID, sequence and alarm', () => {
    expect(email.attachments?.map((file) => file.fileName)).toEqual(['task-T1.ics', 'task-T2.ics']);
    const [first] = email.attachments!;
    expect(first!.contentType).toMatch(/^text\/calendar/);
    expect(first!.content).toContain('UID:task-T1@leasedesk');
    expect(first!.content).toContain('SEQUENCE:3');
    expect(first!.content).toContain('DTSTART:20260114T150000Z');
    expect(first!.content).toContain('URL:https://app.example/deals/D1');
    expect(first!.content).toContain('TRIGGER:-PT15M');
  });
});
