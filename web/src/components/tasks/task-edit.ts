/**
 * The edit dialog's pure rules: what the form shows for a task, and the PATCH that sends only what changed.
 *
 * The form shows the due day and time in the broker's time zone (the task may have been written in another), as every
 * task list does (dueIn), so a broker who changed zone sees one time for a task wherever it is shown. An unmoved due
 * keeps the zone and time the task was made with; a moved one is sent in the broker's zone (the API's rule:
 * docs/decisions.md, "Deal-driven tasks and lease maturity").
 */
import type { TaskItem, UpdateTaskInput } from '@shared/tasks/api';
import { wallClock } from '@shared/tasks/rules';

export interface TaskFormValues {
  title: string;
  dueDate: string;
  dueTime: string;
  notes: string;
  assigneeId: string;
}

/** A task's due day and time read in `zone`: as written when the task's zone is that zone, else its instant there. */
export function dueIn(
  task: Pick<TaskItem, 'dueDate' | 'dueTime' | 'timeZone' | 'dueAt'>,
  zone: string,
): { date: string; time: string } {
  return task.timeZone === zone ? { date: task.dueDate, time: task.dueTime } : wallClock(new Date(task.dueAt), zone);
}

/** The form's values for `task`, its due read in `zone`. */
export function editDefaults(task: TaskItem, zone: string): TaskFormValues {
  const due = dueIn(task, zone);
  return { title: task.title, dueDate: due.date, dueTime: due.time, notes: task.notes ?? '', assigneeId: task.assigneeId };
}

/** Blank and absent notes are the same (the API stores neither). */
function sameNotes(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim() === (b ?? '').trim();
}

/**
 * The PATCH body of an edit: the revision read, and each field the broker changed (the due as day, time and the
 * broker's zone together). Values are the schema's parsed ones (trimmed; blank notes are null).
 */
export function taskEdits(
  task: TaskItem,
  values: { title: string; dueDate: string; dueTime: string; notes?: string | null; assigneeId?: string | undefined },
  zone: string,
): UpdateTaskInput {
  const shown = editDefaults(task, zone);
  const edits: UpdateTaskInput = { revision: task.revision };
  if (values.title !== task.title) edits.title = values.title;
  if (values.dueDate !== shown.dueDate || values.dueTime !== shown.dueTime) {
    edits.dueDate = values.dueDate;
    edits.dueTime = values.dueTime;
    edits.timeZone = zone;
  }
  if (!sameNotes(values.notes, task.notes)) edits.notes = values.notes ?? null;
  if (values.assigneeId !== undefined && values.assigneeId !== task.assigneeId) edits.assigneeId = values.assigneeId;
  return edits;
}
