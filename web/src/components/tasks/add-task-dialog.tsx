/**
 * "Add task" from a lead, client or deal page: title, due date and time (in the broker's time zone: the profile's,
 * else the browser's), notes; the task is the caller's and linked to the record. Guarded submit, focus on the first
 * invalid field, a success toast. The fields are the edit dialog's too (edit-task-dialog.tsx).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import type { AssignableBrokersResponse } from '@shared/deals/api';
import { createTaskSchema, TASK_CREATED_MESSAGE, type TaskLink } from '@shared/tasks/api';
import { defaultDue } from '@shared/tasks/rules';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Form, SubmitButton, TextAreaField, TextField, useFieldError, useZodForm } from '@web/components/ui/form';
import { Input } from '@web/components/ui/input';
import inputStyles from '@web/components/ui/input.module.css';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { useRequiredUser } from '@web/lib/auth';
import { browserTimeZone, useCreateTask, useTaskSettings } from './tasks-api';
import styles from './tasks.module.css';

/** An edited task's assignee, kept choosable in the admin's select. */
export interface CurrentAssignee {
  id: string;
  name: string | null;
}

function TimeField({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} error={error}>
      {(control) => <Input {...control} type="time" {...register(name)} />}
    </Field>
  );
}

/** Admins give a task to any broker (approved and licensed ones are listed) or keep it. */
function AssigneeField({ selfId, current }: { selfId: string; current?: CurrentAssignee }) {
  const { field, fieldState } = useController({ name: 'assigneeId' });
  const brokers = useQuery({
    queryKey: ['assignable-brokers'],
    queryFn: ({ signal }) => api.get<AssignableBrokersResponse>('/assignable-brokers', { signal }),
  });
  const listed = (brokers.data?.brokers ?? []).filter((broker) => broker.id !== selfId);
  const options = [
    { value: selfId, label: 'Me' },
    // An edited task's assignee stays choosable even when no longer listed (an admin, an unlicensed broker).
    ...(current && current.id !== selfId && !listed.some((broker) => broker.id === current.id)
      ? [{ value: current.id, label: current.name ?? 'Current assignee' }]
      : []),
    ...listed.map((broker) => ({ value: broker.id, label: broker.fullName })),
  ];
  return (
    <Field name="assigneeId" label="Assignee" error={fieldState.error?.message}>
      {(control) => (
        <select
          {...control}
          ref={field.ref}
          name="assigneeId"
          className={inputStyles.input}
          value={(field.value as string | undefined) ?? selfId}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Title, due date and time, the assignee (admins), notes: the add and edit dialogs' fields, in that order. */
export function TaskFields({ currentAssignee }: { currentAssignee?: CurrentAssignee }) {
  const user = useRequiredUser();
  return (
    <>
      <TextField name="title" label="Title" autoComplete="off" />
      <div className={styles.row}>
        <TextField name="dueDate" label="Due date" type="date" />
        <TimeField name="dueTime" label="Due time" />
      </div>
      {user.role === 'admin' && <AssigneeField selfId={user.userId} current={currentAssignee} />}
      <TextAreaField name="notes" label="Notes" optional rows={3} />
    </>
  );
}

/**
 * The task form's first field takes the focus as its dialog opens: the dialog's showModal() (its effect runs after the
 * form's) focuses its close button, so the title is focused on the next frame.
 */
export function useTitleFocus(setFocus: (name: 'title') => void) {
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setFocus('title'));
    return () => window.cancelAnimationFrame(frame);
    // Once, as the form mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function AddTaskForm({ link, timeZone, onDone }: { link: TaskLink | null; timeZone: string; onDone: () => void }) {
  const create = useCreateTask();
  const user = useRequiredUser();
  // The next whole hour, never a time already past (docs/decisions.md, "Tasks"); the form reads it as it mounts.
  const due = defaultDue(new Date(), timeZone);
  const form = useZodForm(createTaskSchema, {
    defaultValues: {
      title: '',
      dueDate: due.date,
      dueTime: due.time,
      timeZone,
      notes: '',
      link,
      assigneeId: user.userId,
    },
  });
  useTitleFocus(form.setFocus);
  return (
    <Form
      form={form}
      aria-label="Add task"
      onSubmit={async (values) => {
        try {
          await create.mutateAsync(values);
        } catch (error) {
          toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
          throw error;
        }
        toast({ title: TASK_CREATED_MESSAGE, description: values.title, variant: 'success' });
        onDone();
      }}
    >
      <TaskFields />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton>Add task</SubmitButton>
      </DialogActions>
    </Form>
  );
}

export function AddTaskDialog({ open, onClose, link }: { open: boolean; onClose: () => void; link: TaskLink | null }) {
  // Read when the dialog opens (never with the page: one call per screen).
  const settings = useTaskSettings(open);
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  return (
    <Dialog open={open} onClose={onClose} title="Add task" description={`Due in your time zone (${timeZone}).`}>
      {open && (settings.data || settings.isError) && <AddTaskForm link={link} timeZone={timeZone} onDone={onClose} />}
    </Dialog>
  );
}
