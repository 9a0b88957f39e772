import { describe, expect, it } from 'vitest';
import type { TaskItem } from '@shared/tasks/api';
import { formatDate } from '@shared/format';
import { editDefaults } from './task-edit';
import { taskDueLabel } from './task-list';

/** Made at 09:00 in New York; the broker has since moved to Los Angeles. */
const task: TaskItem = {
  id: 'task-1',
  title: 'Call the client',
  notes: null,
  dueDate: '2026-03-10',
  dueTime: '09:00',
  timeZone: 'America/New_York',
  dueAt: '2026-03-10T13:00:00.000Z',
  assigneeId: 'broker-1',
  assigneeName: 'Bea Broker',
  status: 'open',
  source: 'manual',
  link: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  closedAt: null,
  revision: 1,
};

describe('a task list row', () => {
  it('shows the due in the zone the task was written in while the broker is still there', () => {
    expect(taskDueLabel(task, 'America/New_York')).toBe(`${formatDate('2026-03-10')} 09:00`);
  });

  it("shows the same day and time as the edit dialog after the broker's zone changed", () => {
    for (const zone of ['America/Los_Angeles', 'Europe/Paris', 'Pacific/Kiritimati']) {
      const shown = editDefaults(task, zone);
      expect(taskDueLabel(task, zone)).toBe(`${formatDate(shown.dueDate)} ${shown.dueTime}`);
    }
    expect(taskDueLabel(task, 'America/Los_Angeles')).toBe(`${formatDate('2026-03-10')} 06:00`);
  });
});
