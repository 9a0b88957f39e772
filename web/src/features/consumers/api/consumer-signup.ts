/**
 * The consumer signup (docs/api.md, "Consumers"): GET /invitations/{token} says whether the link can still be used
 * (and whose it is), POST /invitations/{token}/accept creates the consumer account, links it to the client and uses
 * the invitation in one write; the page then signs in with Amplify and goes to /consumer-dashboard. Both routes are
 * public: no token is sent, and Amplify is loaded only to sign in at the end.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useRef } from 'react';
import {
  ACCEPT_MESSAGES,
  EMAIL_CODE_MESSAGES,
  INVITATION_TOKEN_ERROR_MESSAGES,
  emailCodeSentDescription,
  type AcceptInvitationRequest,
  type AcceptInvitationResponse,
  type EmailCodeResponse,
  type InvitationValidation,
} from '@shared/invitations/api';
import { INVITATION_MESSAGES } from '@shared/invitations/schemas';
import { toast } from '@web/components/ui/toast';
import { loadAuth, SIGN_IN_FLOW } from '@web/lib/amplify';
import { api, isApiError } from '@web/lib/api-client';
import { userQueryKey } from '@web/lib/auth';
import { logger } from '@web/lib/logger';

export const CONSUMER_LANDING_PATH = '/consumer-dashboard';

const tokenPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => api.get<InvitationValidation>(tokenPath(token), { auth: false, signal }),
    // The link's state is read once per visit; a used link must not turn valid again from a stale cache.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}

/**
 * What the page says about a link (INVITATION_MESSAGES), or null when the invitation can be accepted: no token, the
 * link's state from the API, a token the API refuses outright (malformed: 400, unknown: 404) as no longer valid,
 * and anything else (network, server) as "Failed to verify invitation".
 */
export function invitationProblem(
  token: string | null,
  validation: Pick<InvitationValidation, 'valid' | 'error'> | undefined,
  error: Error | null,
): string | null {
  if (!token) return INVITATION_MESSAGES.noToken;
  if (error) {
    return isApiError(error) && (error.status === 400 || error.status === 404)
      ? INVITATION_MESSAGES.invalid
      : INVITATION_MESSAGES.verifyFailed;
  }
  if (!validation || validation.valid) return null;
  return validation.error ? INVITATION_TOKEN_ERROR_MESSAGES[validation.error] : INVITATION_MESSAGES.invalid;
}

/** Statuses of the accept route whose message is about the link itself (used, expired, unknown), not the form. */
const LINK_STATUSES = new Set([404, 409, 410]);
const LINK_MESSAGES = new Set<string>(Object.values(INVITATION_MESSAGES));

/** Whether a failed accept is about the link (the page then shows it instead of the form). */
export function isLinkProblem(error: unknown): error is Error {
  return isApiError(error) && LINK_STATUSES.has(error.status) && LINK_MESSAGES.has(error.message);
}

/**
 * An SMS invitation's "Email me a code": POST /invitations/{token}/email-code, guarded from its first click (a second
 * click while one is sending sends nothing). Sent: a toast naming the address and how long the code is good for; a
 * refusal about the link goes to `onLinkProblem` like the accept's, anything else (the hourly limit) is toasted.
 */
export function useSendEmailCode(token: string, { onLinkProblem }: { onLinkProblem: (message: string) => void }) {
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: () => api.post<EmailCodeResponse>(`${tokenPath(token)}/email-code`, {}, { auth: false }),
    onSuccess: (result) => {
      toast({ title: EMAIL_CODE_MESSAGES.sentTitle, description: emailCodeSentDescription(result.sentTo), variant: 'success' });
    },
    onError: (error) => {
      logger.error('Sending the e-mail code failed', error);
      const reason = error.message || 'Please try again.';
      if (isLinkProblem(error)) {
        onLinkProblem(reason);
        return;
      }
      toast({ title: 'Could not send the code', description: reason, variant: 'destructive' });
    },
  });
  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      await mutation.mutateAsync();
    } catch {
      // Told by onError.
    } finally {
      sending.current = false;
    }
  };
  return { send, isPending: mutation.isPending, sent: mutation.isSuccess };
}

export interface AcceptInvitation extends AcceptInvitationRequest {
  token: string;
}

/**
 * Accept, then sign in. A refused accept toasts "Sign up failed" with the server's reason (the link's own state is
 * shown by the page: `onLinkProblem`); an account that exists but cannot sign in toasts "Failed to complete signup"
 * and goes to /auth, where the consumer signs in with the password just chosen.
 */
export function useAcceptInvitation({ onLinkProblem }: { onLinkProblem: (message: string) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, ...request }: AcceptInvitation) => {
      let account: AcceptInvitationResponse | undefined;
      try {
        account = await api.post<AcceptInvitationResponse>(`${tokenPath(token)}/accept`, request, { auth: false });
      } catch (error) {
        throw new SignupError('accept', error);
      }
      if (!account?.email) throw new SignupError('missing', undefined);
      try {
        const { signIn } = await loadAuth();
        const { isSignedIn } = await signIn({ username: account.email, password: request.password, options: SIGN_IN_FLOW });
        if (!isSignedIn) throw new Error('The new account needs another sign-in step');
      } catch (error) {
        throw new SignupError('sign-in', error);
      }
    },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: userQueryKey });
      toast({ title: 'Welcome!', description: 'Your account is ready.', variant: 'success' });
      await navigate(CONSUMER_LANDING_PATH, { replace: true });
    },
    onError: async (error) => {
      const { step, cause } = error instanceof SignupError ? error : { step: 'accept' as const, cause: error };
      logger.error('Consumer signup failed', cause);
      if (step === 'accept' && isLinkProblem(cause)) {
        onLinkProblem(cause.message);
        return;
      }
      if (step === 'accept') {
        const reason = cause instanceof Error && cause.message ? cause.message : ACCEPT_MESSAGES.completeFailed;
        toast({ title: ACCEPT_MESSAGES.signUpFailed, description: reason, variant: 'destructive' });
        return;
      }
      if (step === 'missing') {
        toast({ title: ACCEPT_MESSAGES.signUpFailed, description: ACCEPT_MESSAGES.missingInformation, variant: 'destructive' });
        return;
      }
      // The account exists and is linked; only the automatic sign-in failed.
      toast({
        title: ACCEPT_MESSAGES.completeFailed,
        description: 'Your account was created. Sign in with your email and new password.',
        variant: 'destructive',
      });
      await navigate('/auth', { replace: true });
    },
  });
}

class SignupError extends Error {
  override readonly name = 'SignupError';
  constructor(
    readonly step: 'accept' | 'missing' | 'sign-in',
    override readonly cause: unknown,
  ) {
    super(`Consumer signup failed at ${step}`);
  }
}
