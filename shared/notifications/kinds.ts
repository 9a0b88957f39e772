/**
 * The notification centre's kinds and pure rules (docs/decisions.md, "Notifications"): what a broker or an admin
 * must act on, who is told, what the bell says. Used by the functions (the notification helper, the hooks in the
 * features where the events happen, the waiting-leads job) and by the web app (the bell, the profile's preferences).
 */
import type { Role } from '../auth/roles';

export const NOTIFICATION_KINDS = [
  'lead-assigned',
  'lead-waiting',
  'lead-returned',
  'credit-application-completed',
  'concierge-fee-paid',
  'invitation-accepted',
  'broker-awaiting-approval',
  'proposal-accepted',
  'proposal-question',
  'commission-paid',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The profile's checkbox labels, one per kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'lead-assigned': 'A lead is assigned to me',
  'lead-waiting': 'A lead is waiting for an answer',
  'lead-returned': 'A shopper on my lead comes back with a new inquiry',
  'credit-application-completed': 'A client completes a credit application',
  'concierge-fee-paid': 'A concierge fee is paid',
  'invitation-accepted': 'A client accepts a portal invitation',
  'broker-awaiting-approval': 'A broker awaits approval',
  'proposal-accepted': 'A client accepts a proposal',
  'proposal-question': 'A client asks about a proposal',
  'commission-paid': 'My commission statement is paid',
};

/** The kinds each role may receive (and so sees in its preferences); dealers and consumers receive none. */
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  admin: NOTIFICATION_KINDS,
  broker: NOTIFICATION_KINDS.filter((kind) => kind !== 'broker-awaiting-approval'),
  dealer: [],
  consumer: [],
};

/**
 * The kinds an e-mail exists for today, and which one: the e-mail preference of a kind gates exactly these.
 * The other kinds are in-app only (the profile says so); no e-mail was invented for them.
 */
export const EMAIL_OF_KIND: Partial<Record<NotificationKind, string>> = {
  // The new-lead e-mail of the quote wizard (functions/quotes) to the admins and the agent the shopper named: the
  // first moment a lead waits for an answer.
  'lead-waiting': 'The new-lead e-mail (to admins and the agent a shopper names)',
};

/** Items are kept this long (the table's TTL attribute `expiresAt`), read or not. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/**
 * A lead waits too long when, this long after it arrived, it is still unassigned (the admins are told) or assigned
 * but still `new`, not contacted (its assignee is told). Once per lead and reason.
 */
export const LEAD_WAITING_THRESHOLD_MINUTES = 60;
/** The waiting-leads job looks this far back: an older lead still waiting was told about already (or predates it). */
export const LEAD_WAITING_LOOKBACK_DAYS = 7;

/** The e-mail preferences as stored: the kinds switched off. Every kind is on by default. */
export type EmailPreferences = Record<NotificationKind, boolean>;

export function emailPreferences(off: readonly string[] | undefined): EmailPreferences {
  const offSet = new Set(off ?? []);
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !offSet.has(kind)])) as EmailPreferences;
}

/** Whether `kind`'s e-mail goes to a recipient who switched off `off` (absent: never set, every kind on). */
export function wantsEmail(off: readonly string[] | undefined, kind: NotificationKind): boolean {
  return !(off ?? []).includes(kind);
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge on the bell: nothing at 0, the count up to 99, then "99+". */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

export interface LeadFacts {
  createdAt: string;
  status: string;
  assignedBrokerId?: string | undefined;
}

export type LeadWaitingReason = 'unassigned' | 'not-contacted';

/** Why `lead` waits too long at `now`, or null when it does not (yet, or any more). */
export function leadWaitingReason(lead: LeadFacts, now: Date): LeadWaitingReason | null {
  if (lead.status !== 'new') return null;
  const waitedMs = now.getTime() - Date.parse(lead.createdAt);
  if (!(waitedMs >= LEAD_WAITING_THRESHOLD_MINUTES * 60_000)) return null;
  return lead.assignedBrokerId ? 'not-contacted' : 'unassigned';
}

export interface AssignmentFacts {
  assignedBrokerId?: string | undefined;
  assignmentHistory?: readonly { brokerId?: string | undefined; byId?: string | undefined }[] | undefined;
}

/**
 * Who is told "a lead was assigned to you" when a lead goes from `before` (undefined: a new lead) to `after`: the new
 * assignee, unless they took it themselves (a claim) or nothing changed. Null when nobody.
 */
export function leadAssignee(before: AssignmentFacts | undefined, after: AssignmentFacts): string | null {
  const assignee = after.assignedBrokerId;
  if (!assignee || assignee === before?.assignedBrokerId) return null;
  const last = after.assignmentHistory?.at(-1);
  if (last && last.brokerId === assignee && last.byId === assignee) return null;
  return assignee;
}
