/**
 * Referring a friend from a closed deal (spec sections 5 and 8): POST /referrals with the friend's name and e-mail
 * (the shared referral schema) and the deal. "Referral Sent!" / "Invitation sent to {name}." on success, else
 * "Failed to send referral. Please try again.".
 */
import { useMutation } from '@tanstack/react-query';
import { referralSentMessage, type Referral } from '@shared/referrals/schemas';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

export const REFERRAL_SENT_TITLE = 'Referral Sent!';
export const REFERRAL_FAILED_MESSAGE = 'Failed to send referral. Please try again.';

export function useReferFriend({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: (referral: Referral) => api.post<unknown>('/referrals', referral),
    onSuccess: (_answer, referral) => {
      toast({ title: REFERRAL_SENT_TITLE, description: referralSentMessage(referral.fullName), variant: 'success' });
      onSuccess?.();
    },
    onError: (error) => {
      logger.error('Sending the referral failed', error);
      toast({ title: 'Error', description: REFERRAL_FAILED_MESSAGE, variant: 'destructive' });
    },
  });
}
