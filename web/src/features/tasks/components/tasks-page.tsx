/**
 * /tasks: the caller's tasks (an admin's: everyone's, or one broker's) with filters: status, due window (overdue,
 * today, next 7 days, all) and, for admins, the assignee. Read in the caller's time zone. "Add task" makes one of
 * their own (not linked to a record); "Mark done" on each open one.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AssignableBrokersResponse } from '@shared/deals/api';
import type { TaskStatus } from '@shared/tasks/enums';
import type { DueWindow } from '@shared/tasks/rules';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { AddTaskDialog } from '@web/components/tasks/add-task-dialog';
import { TaskList } from '@web/components/tasks/task-list';
import { useTasks } from '@web/components/tasks/tasks-api';
import styles from '@web/components/tasks/tasks.module.css';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import inputStyles from '@web/components/ui/input.module.css';
import { LoadingBlock } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';

const STATUS_OPTIONS: readonly { value: TaskStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
];
const DUE_OPTIONS: readonly { value: DueWindow; label: string }[] = [
  { value: 'all', label: 'Any time' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Next 7 days' },
];

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={inputStyles.label}>
        {label}
      </label>
      <select id={id} className={inputStyles.input} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TasksPage() {
  const user = useRequiredUser();
  const isAdmin = user.role === 'admin';
  useDocumentTitle('Tasks');
  const [status, setStatus] = useState<TaskStatus>('open');
  const [due, setDue] = useState<DueWindow>('all');
  const [assignee, setAssignee] = useState<string>(isAdmin ? '' : user.userId);
  const [adding, setAdding] = useState(false);
  const brokers = useQuery({
    queryKey: ['assignable-brokers'],
    queryFn: ({ signal }) => api.get<AssignableBrokersResponse>('/assignable-brokers', { signal }),
    enabled: isAdmin,
  });
  const tasks = useTasks({ status, due, ...(isAdmin && assignee ? { assignee } : {}) });
  const assigneeOptions = [
    { value: '', label: 'Everyone' },
    { value: user.userId, label: 'Me' },
    ...(brokers.data?.brokers ?? []).map((broker) => ({ value: broker.id, label: broker.fullName })),
  ];

  return (
    <AppShell>
      <PageHeader
        title="Tasks"
        description="Follow-ups and reminders, in your time zone."
        actions={<Button onClick={() => setAdding(true)}>Add task</Button>}
      />
      <Card>
        <CardContent>
          <div className={styles.filters} role="group" aria-label="Filters">
            <FilterSelect label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
            <FilterSelect label="Due" value={due} options={DUE_OPTIONS} onChange={setDue} />
            {isAdmin && <FilterSelect label="Assignee" value={assignee} options={assigneeOptions} onChange={setAssignee} />}
          </div>
          {tasks.isPending ? (
            <LoadingBlock label="Loading tasks" />
          ) : tasks.isError ? (
            <p className={styles.empty}>The tasks could not be loaded: {tasks.error.message}</p>
          ) : (
            <>
              <TaskList
                tasks={tasks.data.tasks}
                label="Tasks"
                showAssignee={isAdmin}
                empty={
                  status === 'open' ? 'No open tasks here. Add one, or change the filters.' : 'No tasks match these filters.'
                }
              />
              {tasks.data.truncated && (
                <p className={styles.meta}>Showing the first {tasks.data.tasks.length}: narrow the filters to see the rest.</p>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <AddTaskDialog open={adding} onClose={() => setAdding(false)} link={null} />
    </AppShell>
  );
}
