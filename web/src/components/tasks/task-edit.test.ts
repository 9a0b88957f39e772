import { describe, expect, it } from 'vitest';
import type { TaskItem } from '@shared/tasks/api';
import { formatDate } from '@shared/format';
import { editDefaults, taskEdits } from './task-edit';
import { taskDueLabel } from './task-list';

const task: TaskItem = {
  id: 'task-1',
  title: 'Call the client',
  notes: null,
  dueDate: '2026-03-10',
  dueTime: '09:00',
  timeZone: 'America/New_York',
  // 09:00 in New York on 10 March 2026 (EDT, UTC-4).
  dueAt: '2026-03-10T13:00:00.000Z',
  assigneeId: 'broker-1',
  assigneeName: 'Bea Broker',
  status: 'open',
  source: 'manual',
  link: { kind: 'client', id: 'client-1', path: '/clients?tasks=client-1' },
  createdAt: '2026-03-01T10:00:00.000Z',
  closedAt: null,
  revision: 3,
};

describe('editDefaults', () => {
  it("shows the task's own day and time when the broker's zone is the task's", () => {
    expect(editDefaults(task, 'America/New_York')).toEqual({
      title: 'Call the client',
      dueDate: '2026-03-10',
      dueTime: '09:00',
      notes: '',
      assigneeId: 'broker-1',
    });
  });

  it("reads the due instant in the broker's zone when the task was written in another", () => {
    expect(editDefaults(task, 'Europe/Paris')).toMatchObject({ dueDate: '2026-03-10', dueTime: '14:00' });
    expect(editDefaults(task, 'Asia/Tokyo')).toMatchObject({ dueDate: '2026-03-10', dueTime: '22:00' });
    expect(editDefaults(task, 'Pacific/Kiritimati')).toMatchObject({ dueDate: '2026-03-11', dueTime: '03:00' });
  });
});

describe('taskEdits', () => {
  const unchanged = { title: task.title, dueDate: '2026-03-10', dueTime: '09:00', notes: null, assigneeId: 'broker-1' };

  it('sends only the revision when nothing changed', () => {
    expect(taskEdits(task, unchanged, 'America/New_York')).toEqual({ revision: 3 });
  });

  it("keeps the task's zone when the due was not moved, even shown in another zone", () => {
    expect(taskEdits(task, { ...unchanged, dueTime: '14:00' }, 'Europe/Paris')).toEqual({ revision: 3 });
  });

  it("sends a moved due as day, time and the broker's zone together", () => {
    expect(taskEdits(task, { ...unchanged, dueDate: '2026-03-12' }, 'America/New_York')).toEqual({
      revision: 3,
      dueDate: '2026-03-12',
      dueTime: '09:00',
      timeZone: 'America/New_York',
    });
    expect(taskEdits(task, { ...unchanged, dueTime: '15:30' }, 'Europe/Paris')).toEqual({
      revision: 3,
      dueDate: '2026-03-10',
      dueTime: '15:30',
      timeZone: 'Europe/Paris',
    });
  });

  it('sends a new title, new notes, cleared notes and a new assignee', () => {
    expect(taskEdits(task, { ...unchanged, title: 'Call back' }, 'America/New_York')).toEqual({
      revision: 3,
      title: 'Call back',
    });
    expect(taskEdits(task, { ...unchanged, notes: 'Ask about mileage' }, 'America/New_York')).toEqual({
      revision: 3,
      notes: 'Ask about mileage',
    });
    expect(taskEdits({ ...task, notes: 'Old' }, { ...unchanged, notes: null }, 'America/New_York')).toEqual({
      revision: 3,
      notes: null,
    });
    expect(taskEdits(task, { ...unchanged, assigneeId: 'broker-2' }, 'America/New_York')).toEqual({
      revision: 3,
      assigneeId: 'broker-2',
    });
  });

  it('leaves the assignee alone when the form has none (a broker assigns only themselves)', () => {
    expect(taskEdits(task, { ...unchanged, assigneeId: undefined }, 'America/New_York')).toEqual({ revision: 3 });
  });
});

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
