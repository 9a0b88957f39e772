/**
 * Where a task's linked record opens in the app. No zod here: the morning reminder job (functions/tasks/remind-tasks.ts)
 * writes these links into e-mails and loads only this, not the task schemas (shared/tasks/api.ts).
 */
import type { TaskLinkKind } from './enums';

/** The query parameter of /clients that opens a client's tasks dialog (clients have no page of their own). */
export const CLIENT_TASKS_PARAM = 'tasks';

/**
 * The app path of a linked record: a lead's or deal's page; for a client, /clients with that client's tasks
 * dialog open (docs/decisions.md, "Tasks").
 */
export function linkPath(kind: TaskLinkKind, id: string): string {
  if (kind === 'lead') return `/leads/${id}`;
  if (kind === 'client') return `/clients?${CLIENT_TASKS_PARAM}=${encodeURIComponent(id)}`;
  return `/deals/${id}`;
}
