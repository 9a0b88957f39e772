/**
 * The one helper every feature uses to notify a broker or an admin in the notification centre (docs/architecture.md,
 * "Notifications"): the event's service builds the notifications with the builders below and adds
 * `notificationWrites(...)` to the transaction that records the event, so a notification exists exactly when its
 * event does (never lost, never twice). The list, the bell and "mark read" are the `notifications` feature's.
 */
import type { LeaseDeskTable } from '@functions/lib/data/table';
import type { WriteOperation } from '@functions/lib/data/transactions';
import { notificationStore, type NotificationInput } from './notifications';
import { leadAssignee, type AssignmentFacts, type LeadWaitingReason } from '@shared/notifications/kinds';

export { newNotification, newNotificationId, type NotificationInput } from './notifications';

/** The puts of `inputs` (one per recipient), for the event's own transaction. */
export function notificationWrites(table: LeaseDeskTable, inputs: readonly NotificationInput[], now: Date): WriteOperation[] {
  return notificationStore(table).writes(inputs, now);
}

const nameOf = (person: { firstName?: string; lastName?: string }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || 'a shopper';

/** The builders: who is told what, and which record the item opens. */
export const notify = {
  leadAssigned(userId: string, lead: { id: string; firstName?: string; lastName?: string }): NotificationInput {
    return { userId, kind: 'lead-assigned', title: `Lead assigned to you: ${nameOf(lead)}`, link: `/leads/${lead.id}` };
  },
  leadWaiting(
    userId: string,
    lead: { id: string; firstName?: string; lastName?: string },
    reason: LeadWaitingReason,
  ): NotificationInput {
    const title =
      reason === 'unassigned' ? `Lead waiting for a broker: ${nameOf(lead)}` : `Lead not contacted yet: ${nameOf(lead)}`;
    return { userId, kind: 'lead-waiting', title, link: `/leads/${lead.id}` };
  },
  /** A shopper with an open lead sent another inquiry (an ADF lead: functions/leads/adf-leads.ts). */
  leadReturned(userId: string, lead: { id: string; firstName?: string; lastName?: string }): NotificationInput {
    return {
      userId,
      kind: 'lead-returned',
      title: `Shopper came back with a new inquiry: ${nameOf(lead)}`,
      link: `/leads/${lead.id}`,
    };
  },
  creditApplicationCompleted(userId: string, deal: { id: string; clientName?: string | null }): NotificationInput {
    return {
      userId,
      kind: 'credit-application-completed',
      title: `Credit application completed${deal.clientName ? `: ${deal.clientName}` : ''}`,
      link: `/deals/${deal.id}`,
    };
  },
  conciergeFeePaid(userId: string, deal: { id: string; clientName?: string | null }): NotificationInput {
    return {
      userId,
      kind: 'concierge-fee-paid',
      title: `Concierge fee paid${deal.clientName ? `: ${deal.clientName}` : ''}`,
      link: `/deals/${deal.id}`,
    };
  },
  invitationAccepted(userId: string, client: { fullName: string }): NotificationInput {
    return {
      userId,
      kind: 'invitation-accepted',
      title: `${client.fullName} accepted your portal invitation`,
      link: '/clients',
    };
  },
  /** The deal's broker: the client accepted a proposal (by link or in the portal). */
  /** `optionName`: the option the client chose, when the proposal offered several (docs/decisions.md, "Proposal options"). */
  proposalAccepted(
    userId: string,
    deal: { id: string },
    clientName: string,
    optionName: string | null = null,
  ): NotificationInput {
    const title = `${clientName} accepted your proposal${optionName ? ` (${optionName})` : ''}`;
    return { userId, kind: 'proposal-accepted', title, link: `/deals/${deal.id}` };
  },
  /** The deal's broker: the client asked a question about a proposal. */
  proposalQuestion(userId: string, deal: { id: string }, clientName: string): NotificationInput {
    return {
      userId,
      kind: 'proposal-question',
      title: `${clientName} asked a question about your proposal`,
      link: `/deals/${deal.id}`,
    };
  },
  /** The broker: an admin marked their month's commission statement paid (functions/brokers/commission.ts). */
  /** Links to the broker's profile, whose monthly figures show the commission (docs/decisions.md, "Commission ledger"). */
  commissionPaid(userId: string, month: string): NotificationInput {
    return { userId, kind: 'commission-paid', title: `Commission statement paid: ${month}`, link: '/profile' };
  },
  brokerAwaitingApproval(adminId: string, broker: { fullName: string }): NotificationInput {
    return {
      userId: adminId,
      kind: 'broker-awaiting-approval',
      title: `Broker awaiting approval: ${broker.fullName}`,
      link: '/admin/brokers',
    };
  },
};

/**
 * The lead store's hook (functions/domain/leads/leads.ts, create and save): "a lead assigned to you" for the lead's new assignee in
 * the lead's own transaction, unless they claimed it themselves. Timed by the assignment's history entry.
 */
export function leadAssignedWrites(
  table: LeaseDeskTable,
  before: (AssignmentFacts & { id: string }) | undefined,
  after: AssignmentFacts & { id: string; firstName?: string; lastName?: string; createdAt: string },
): WriteOperation[] {
  const assignee = leadAssignee(before, after);
  if (!assignee) return [];
  const at = (after.assignmentHistory?.at(-1) as { at?: string } | undefined)?.at ?? after.createdAt;
  return notificationWrites(table, [notify.leadAssigned(assignee, after)], new Date(at));
}
