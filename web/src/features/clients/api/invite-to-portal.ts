/**
 * Inviting a client to the consumer portal (docs/api.md, "Consumers"): POST /clients/{id}/invitations e-mails (SES) or
 * texts (SNS) the client a signup link at the contact details on file; the body names the channel only. The
 * invitation is kept even when the message could not be delivered; the answer says so, and the dialog then reports
 * "Failed to send invitation" with the provider's reason (a new invitation can be sent). Success: "Invitation sent" /
 * "Consumer invitation sent via email or sms". Too many invitations in an hour: the API's 429 message. An invitation
 * whose message the provider could not take just now (`retrying`) is sent by the outbox later: the dialog closes and
 * says so, and nothing needs sending again.
 */
import { useMutation } from '@tanstack/react-query';
import { INVITATION_TOASTS, type CreateInvitationResponse, type InvitationRequest } from '@shared/invitations/api';
import { retryingNotice } from '@shared/notifications';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

/** Said when the provider gives no reason. */
const NOT_DELIVERED_MESSAGE = 'The invitation could not be delivered. Check the contact details and try again.';

class InvitationNotDelivered extends Error {
  override readonly name = 'InvitationNotDelivered';
}

export function useInviteToPortal(clientId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async ({ invitationType }: InvitationRequest) => {
      const answer = await api.post<CreateInvitationResponse>(`/clients/${encodeURIComponent(clientId)}/invitations`, {
        invitationType,
      } satisfies InvitationRequest);
      if (answer.delivery.status === 'failed') throw new InvitationNotDelivered(answer.delivery.error ?? NOT_DELIVERED_MESSAGE);
      return answer;
    },
    onSuccess: (answer) => {
      if (answer.delivery.status === 'retrying')
        toast({ ...INVITATION_TOASTS.failed, description: retryingNotice('The invitation'), variant: 'default' });
      else toast({ ...INVITATION_TOASTS.sent, variant: 'success' });
      onSuccess?.();
    },
    onError: (error) => {
      logger.error('Sending the invitation failed', error);
      toast({ ...INVITATION_TOASTS.failed, description: error.message, variant: 'destructive' });
    },
  });
}
