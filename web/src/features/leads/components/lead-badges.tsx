/**
 * The marks a lead carries in the inbox and on its page. None relies on colour alone: each has its words and, for
 * the two that ask for action, an icon.
 */
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadStatus, type LeadSummary } from '@shared/leads/api';
import { LEAD_NOTIFICATION_FAILED_LABEL, LEAD_WAITING_BADGE, isWaitingTooLong } from '@shared/leads/rules';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';

const STATUS_VARIANTS: Record<LeadStatus, BadgeVariant> = {
  new: 'primary',
  contacted: 'neutral',
  converted: 'success',
  lost: 'neutral',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

export function LeadMarks({
  lead,
  now,
}: {
  lead: Pick<LeadSummary, 'status' | 'createdAt' | 'notificationFailed' | 'source'>;
  now: Date;
}) {
  return (
    <>
      {lead.source === 'adf' && <Badge variant="neutral">{LEAD_SOURCE_LABELS.adf}</Badge>}
      {isWaitingTooLong(lead, now) && (
        <Badge variant="warning">
          <span aria-hidden="true">⏱ </span>
          {LEAD_WAITING_BADGE}
        </Badge>
      )}
      {lead.notificationFailed && (
        <Badge variant="destructive">
          <span aria-hidden="true">✉ </span>
          {LEAD_NOTIFICATION_FAILED_LABEL}
        </Badge>
      )}
    </>
  );
}
