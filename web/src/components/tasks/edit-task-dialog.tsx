/**
 * "Edit" on a task: the add dialog's fields (title, due date and time in the broker's time zone, the assignee for
 * admins, notes), the link kept. Only what changed is sent, with the revision read (task-edit.ts). A 409 (someone
 * changed the task meanwhile) says so, reads the task again and shows it as it is now, for the broker to redo their
 * change on it.
 */
import { useState } from 'react';
import {
  createTaskSchema,
  SYSTEM_TASK_NOTES,
  TASK_RELOADED_MESSAGE,
  TASK_UPDATED_MESSAGE,
  type TaskItem,
} from '@shared/tasks/api';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Form, SubmitButton, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { TaskFields, useTitleFocus } from './add-task-dialog';
import { editDefaults, taskEdits } from './task-edit';
import { browserTimeZone, fetchTask, isStaleTask, useTaskSettings, useUpdateTask } from './tasks-api';
import styles from './tasks.module.css';

function formValues(task: TaskItem, timeZone: string) {
  return {
    ...editDefaults(task, timeZone),
    timeZone,
    link: task.link ? { kind: task.link.kind, id: task.link.id } : null,
  };
}

function EditTaskForm({ task: initial, timeZone, onDone }: { task: TaskItem; timeZone: string; onDone: () => void }) {
  const [task, setTask] = useState(initial);
  const [reloaded, setReloaded] = useState(false);
  const update = useUpdateTask();
  const form = useZodForm(createTaskSchema, { defaultValues: formValues(initial, timeZone) });
  useTitleFocus(form.setFocus);

  /** After a 409: the task as it is now, in the form (or the dialog closes when it is gone). */
  const reload = async () => {
    try {
      const fresh = (await fetchTask(task.id)).task;
      setTask(fresh);
      form.reset(formValues(fresh, timeZone));
      setReloaded(true);
      form.setFocus('title');
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      onDone();
    }
  };

  return (
    <Form
      form={form}
      aria-label="Edit task"
      onSubmit={async (values) => {
        try {
          await update.mutateAsync({ id: task.id, body: taskEdits(task, values, timeZone) });
        } catch (error) {
          if (isStaleTask(error)) {
            toast({ title: 'Error', description: TASK_RELOADED_MESSAGE, variant: 'destructive' });
            await reload();
            return;
          }
          toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
          throw error;
        }
        toast({ title: TASK_UPDATED_MESSAGE, description: values.title, variant: 'success' });
        onDone();
      }}
    >
      {reloaded && (
        <p className={styles.notice} role="status">
          {TASK_RELOADED_MESSAGE}
        </p>
      )}
      {task.source !== 'manual' && <p className={styles.hint}>{SYSTEM_TASK_NOTES[task.source]}</p>}
      <TaskFields currentAssignee={{ id: task.assigneeId, name: task.assigneeName }} />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton>Save task</SubmitButton>
      </DialogActions>
    </Form>
  );
}

/** `task`: the task to edit; null keeps the dialog closed. */
export function EditTaskDialog({ task, onClose }: { task: TaskItem | null; onClose: () => void }) {
  // The broker's zone, read when the dialog opens (as the add dialog does).
  const settings = useTaskSettings(task !== null);
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  return (
    <Dialog open={task !== null} onClose={onClose} title="Edit task" description={`Due in your time zone (${timeZone}).`}>
      {task && (settings.data || settings.isError) && (
        <EditTaskForm key={task.id} task={task} timeZone={timeZone} onDone={onClose} />
      )}
    </Dialog>
  );
}
