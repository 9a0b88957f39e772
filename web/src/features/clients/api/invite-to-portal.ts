/**
 * Inviting a client to the consumer portal (spec sections 2 and 8): the API e-mails (SES) or texts (SNS) the
 * client a signup link. The toasts are the spec's: "Invitation sent" / "Consumer invitation sent via email or sms",
 * "Failed to send invitation" with the server's message.
 */
import { useMutation } from '@tanstack/react-query';
import type { InvitationRequest } from '@shared/invitations/schemas';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

export const INVITATION_SENT_TOAST = {
  title: 'Invitation sent',
  description: 'Consumer invitation sent via email or sms',
} as const;
export const INVITATION_FAILED_TITLE = 'Failed to send invitation';

/** Only the contact the invitation goes to travels (spec section 7: e-mail when email, phone when sms). */
export function invitationBody(request: InvitationRequest): InvitationRequest {
  return request.invitationType === 'email' ? { ...request, phone: null } : { ...request, email: null };
}

export function useInviteToPortal({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: (request: InvitationRequest) => api.post<unknown>('/invitations', invitationBody(request)),
    onSuccess: () => {
      toast({ ...INVITATION_SENT_TOAST, variant: 'success' });
      onSuccess?.();
    },
    onError: (error) => toast({ title: INVITATION_FAILED_TITLE, description: error.message, variant: 'destructive' }),
  });
}
