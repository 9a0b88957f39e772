/**
 * Referring a friend from a closed deal: POST /referrals with the friend's name and e-mail
 * (the shared referral schema) and the deal. "Referral Sent!" / "Invitation sent to {name}." when the e-mail went
 * out; "Failed to send referral. Please try again." when the request failed or the e-mail could not be sent (the
 * referral is kept with the failure either way, for the broker to see on the deal). A referral whose e-mail SES
 * could not take just now (`retrying`) is sent by the outbox later: the toast says so.
 */
import { useMutation } from '@tanstack/react-query';
import { REFERRAL_TOASTS, type CreateReferralRequest, type CreateReferralResponse } from '@shared/referrals/api';
import { retryingNotice } from '@shared/notifications';
import { referralSentMessage } from '@shared/referrals/schemas';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { logger } from '@web/lib/logger';

export function useReferFriend({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: async (referral: CreateReferralRequest) => {
      const answer = await api.post<CreateReferralResponse>('/referrals', referral);
      if (answer.delivery.status === 'failed') throw new Error(answer.delivery.error ?? 'The referral e-mail was not sent');
      return answer;
    },
    onSuccess: (answer, referral) => {
      const name = referral.fullName.trim();
      if (answer.delivery.status === 'retrying')
        toast({ ...REFERRAL_TOASTS.sent, description: retryingNotice(`The e-mail to ${name}`), variant: 'default' });
      else toast({ ...REFERRAL_TOASTS.sent, description: referralSentMessage(name), variant: 'success' });
      onSuccess?.();
    },
    onError: (error) => {
      logger.error('Sending the referral failed', error);
      toast({ ...REFERRAL_TOASTS.failed, description: error.message, variant: 'destructive' });
    },
  });
}
