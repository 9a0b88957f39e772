/**
 * A task's vocabulary (docs/decisions.md, "Tasks"), shared by the web, the API and the table entity.
 *
 * - A task is `open` until its assignee marks it `done`, or it is `cancelled` (by a person, or by the system when the
 *   deal date that made it is cleared).
 * - `source` says who made it: a person (`manual`), a not-sold deal's follow-up date (`follow-up`), or a lease's
 *   maturity reminders (`maturity`). System tasks have deterministic ids (`systemTaskId`), so the deal write that
 *   makes, moves or cancels one is idempotent and never makes a second.
 * - A task may be linked to one record: a lead, a client or a deal.
 */
export const TASK_STATUSES = ['open', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_SOURCES = ['manual', 'follow-up', 'maturity'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

export const TASK_LINK_KINDS = ['lead', 'client', 'deal'] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];

/** The id of a task the system keeps for a deal: one follow-up task, one maturity task per reminder offset. */
export function systemTaskId(dealId: string, source: 'follow-up'): string;
export function systemTaskId(dealId: string, source: 'maturity', daysBefore: number): string;
export function systemTaskId(dealId: string, source: 'follow-up' | 'maturity', daysBefore?: number): string {
  return source === 'follow-up' ? `deal-${dealId}-follow-up` : `deal-${dealId}-maturity-${daysBefore}`;
}
