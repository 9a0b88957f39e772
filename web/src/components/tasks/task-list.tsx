/**
 * A list of tasks: title (a link to its lead, client or deal when it has one), due day and time, overdue ones in
 * red (and said in words, not by colour alone), and its actions, each guarded against double clicks: an open task's
 * one-click "Mark done", "Edit" (a dialog) and "Cancel task" (after a confirmation); a done or cancelled one's
 * "Reopen". A 409 (the task changed meanwhile) is said in a toast and the lists read again.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { TASK_DONE_MESSAGE, TASK_RELOADED_MESSAGE, TASK_REOPENED_MESSAGE, type TaskItem } from '@shared/tasks/api';
import type { TaskStatus } from '@shared/tasks/enums';
import { formatDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { CancelTaskDialog } from './cancel-task-dialog';
import { EditTaskDialog } from './edit-task-dialog';
import { dueIn } from './task-edit';
import { isStaleTask, useChangeTaskStatus, useViewerTimeZone } from './tasks-api';
import styles from './tasks.module.css';

/** A task's due as the lists show it: day and time in the viewer's zone, as the edit dialog shows it (dueIn). */
export function taskDueLabel(task: Pick<TaskItem, 'dueDate' | 'dueTime' | 'timeZone' | 'dueAt'>, zone: string): string {
  const due = dueIn(task, zone);
  return `${formatDate(due.date)} ${due.time}`;
}

const STATUS_TOASTS: Partial<Record<TaskStatus, string>> = { done: TASK_DONE_MESSAGE, open: TASK_REOPENED_MESSAGE };

function TaskRow({
  task,
  now,
  zone,
  showAssignee,
  onEdit,
  onCancel,
}: {
  task: TaskItem;
  now: Date;
  zone: string;
  showAssignee: boolean;
  onEdit: (task: TaskItem) => void;
  onCancel: (task: TaskItem) => void;
}) {
  const change = useChangeTaskStatus();
  const overdue = task.status === 'open' && task.dueAt < now.toISOString();
  const changeStatus = useSingleFlight(async (status: 'done' | 'open') => {
    try {
      await change.mutateAsync({ task, status });
      toast({ title: STATUS_TOASTS[status]!, description: task.title, variant: 'success' });
    } catch (error) {
      const description = isStaleTask(error) ? TASK_RELOADED_MESSAGE : (error as Error).message;
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  });
  return (
    <li className={`${styles.item} ${overdue ? styles.overdue : ''}`} data-testid="task-row">
      <div className={styles.main}>
        <span className={styles.title}>{task.link ? <Link to={task.link.path}>{task.title}</Link> : task.title}</span>
        <span className={styles.meta}>
          {overdue ? 'Overdue: ' : 'Due '}
          {taskDueLabel(task, zone)}
          {showAssignee && task.assigneeName ? ` · ${task.assigneeName}` : ''}
          {task.status !== 'open' ? ` · ${task.status === 'done' ? 'Done' : 'Cancelled'}` : ''}
        </span>
      </div>
      <div className={styles.actions}>
        {task.status === 'open' ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void changeStatus('done')}
              disabled={change.isPending}
              aria-label={`Mark done: ${task.title}`}
            >
              Mark done
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onEdit(task)}
              disabled={change.isPending}
              aria-label={`Edit: ${task.title}`}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onCancel(task)}
              disabled={change.isPending}
              aria-label={`Cancel task: ${task.title}`}
            >
              Cancel task
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void changeStatus('open')}
            disabled={change.isPending}
            isLoading={change.isPending}
            aria-label={`Reopen: ${task.title}`}
          >
            Reopen
          </Button>
        )}
      </div>
    </li>
  );
}

export function TaskList({
  tasks,
  empty,
  showAssignee = false,
  label,
}: {
  tasks: readonly TaskItem[];
  empty: string;
  showAssignee?: boolean;
  label: string;
}) {
  // The dialogs outlive the row they came from (an edit can move the task to another list, a cancel removes it).
  const [editing, setEditing] = useState<TaskItem | null>(null);
  const [cancelling, setCancelling] = useState<TaskItem | null>(null);
  const now = new Date();
  const zone = useViewerTimeZone();
  return (
    <>
      {tasks.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list} aria-label={label}>
          {tasks.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              now={now}
              zone={zone}
              showAssignee={showAssignee}
              onEdit={setEditing}
              onCancel={setCancelling}
            />
          ))}
        </ul>
      )}
      <EditTaskDialog task={editing} onClose={() => setEditing(null)} />
      <CancelTaskDialog task={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
