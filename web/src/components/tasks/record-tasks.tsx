/**
 * A lead's, client's or deal's open tasks, with "Add task" (and each task's Mark done, Edit, Cancel task). The deal
 * page passes the tasks its own read brought (GET /deals/{id}: one call per screen); the lead page and the clients
 * page's tasks dialog read them here.
 */
import { useState } from 'react';
import type { TaskItem } from '@shared/tasks/api';
import type { TaskLinkKind } from '@shared/tasks/enums';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/section-card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { AddTaskDialog } from './add-task-dialog';
import { TaskList } from './task-list';
import { useRecordTasks } from './tasks-api';
import styles from './tasks.module.css';

const RECORD_NAMES: Record<TaskLinkKind, string> = { lead: 'lead', client: 'client', deal: 'deal' };

/** The record's open tasks and "Add task", without a frame (the clients page shows them in a dialog). */
export function RecordTasksPanel({ kind, id, tasks: given }: { kind: TaskLinkKind; id: string; tasks?: readonly TaskItem[] }) {
  const [adding, setAdding] = useState(false);
  const fetched = useRecordTasks(kind, id, given === undefined);
  const tasks = given ? ({ isPending: false, isError: false, data: { tasks: given } } as const) : fetched;
  return (
    <>
      <div className={styles.header}>
        <span className={styles.meta}>Open tasks of this {RECORD_NAMES[kind]}</span>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add task
        </Button>
      </div>
      {tasks.isPending ? (
        <LoadingBlock label="Loading tasks" />
      ) : tasks.isError ? (
        <p className={styles.empty}>The tasks could not be loaded.</p>
      ) : (
        <TaskList
          tasks={tasks.data.tasks}
          label={`Open tasks of this ${RECORD_NAMES[kind]}`}
          empty={`No open tasks for this ${RECORD_NAMES[kind]}.`}
        />
      )}
      <AddTaskDialog open={adding} onClose={() => setAdding(false)} link={{ kind, id }} />
    </>
  );
}

export function RecordTasks({ kind, id, tasks }: { kind: TaskLinkKind; id: string; tasks?: readonly TaskItem[] }) {
  return (
    <SectionCard title="Tasks">
      <RecordTasksPanel kind={kind} id={id} tasks={tasks} />
    </SectionCard>
  );
}
