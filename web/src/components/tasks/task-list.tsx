/**
 * A list of tasks: title (a link to its lead, client or deal when it has one), due day and time, overdue ones in
 * red (and said in words, not by colour alone), and a one-click "Mark done" guarded against double clicks.
 */
import { Link } from 'react-router';
import { TASK_DONE_MESSAGE, type TaskItem } from '@shared/tasks/api';
import { formatDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { useChangeTaskStatus } from './tasks-api';
import styles from './tasks.module.css';

export function taskDueLabel(task: Pick<TaskItem, 'dueDate' | 'dueTime'>): string {
  return `${formatDate(task.dueDate)} ${task.dueTime}`;
}

function TaskRow({ task, now, showAssignee }: { task: TaskItem; now: Date; showAssignee: boolean }) {
  const change = useChangeTaskStatus();
  const overdue = task.status === 'open' && task.dueAt < now.toISOString();
  const markDone = useSingleFlight(async () => {
    try {
      await change.mutateAsync({ task, status: 'done' });
      toast({ title: TASK_DONE_MESSAGE, description: task.title, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  });
  return (
    <li className={`${styles.item} ${overdue ? styles.overdue : ''}`} data-testid="task-row">
      <div className={styles.main}>
        <span className={styles.title}>{task.link ? <Link to={task.link.path}>{task.title}</Link> : task.title}</span>
        <span className={styles.meta}>
          {overdue ? 'Overdue: ' : 'Due '}
          {taskDueLabel(task)}
          {showAssignee && task.assigneeName ? ` · ${task.assigneeName}` : ''}
          {task.status !== 'open' ? ` · ${task.status === 'done' ? 'Done' : 'Cancelled'}` : ''}
        </span>
      </div>
      {task.status === 'open' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void markDone()}
          disabled={change.isPending}
          aria-label={`Mark done: ${task.title}`}
        >
          Mark done
        </Button>
      )}
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
  if (tasks.length === 0) return <p className={styles.empty}>{empty}</p>;
  const now = new Date();
  return (
    <ul className={styles.list} aria-label={label}>
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} now={now} showAssignee={showAssignee} />
      ))}
    </ul>
  );
}
