/**
 * Accepting an invitation (docs/decisions.md, "Consumers"): the account of the invited e-mail is made and linked to
 * the client, or nothing is left behind (the claim protocol is in data/invitations.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  ACCEPT_MESSAGES,
  INVITATION_TOKEN_ERROR_MESSAGES,
  type AcceptInvitationRequest,
  type AcceptInvitationResponse,
} from '@shared/invitations/api';
import { invitedAccountEmail, invitedVerifiedPhone, isInvitedEmailVerified } from '@shared/invitations/schemas';
import { AUTH_TOASTS } from '@shared/auth/schemas';
import type { InvitationsData } from './data';
import { BadRequestError, ConflictError } from '@functions/lib/errors';
import type { ConsumerAccounts } from './accounts';
import { checkEmailCode } from './email-codes';
import { invitationState, refusal } from './invitations';

/**
 * Whether a final write that threw (throttled, timed out, its answer lost) committed after all: the invitation, read
 * consistently, is used by this very account. Unknown (the table unreadable too) is null.
 */
async function finalizedAnyway(token: string, userId: string, data: InvitationsData): Promise<boolean | null> {
  try {
    const latest = await data.invitations.get(token, { consistent: true });
    return latest?.status === 'used' && latest.usedBy === userId;
  } catch {
    return null;
  }
}

/**
 * The final write did not happen (or nobody can tell): no login may outlive it without its client. The account is
 * deleted and the claim released; when that cannot be done (Cognito failing too), or the write's outcome is unknown,
 * the account is kept and the claim released with its `accountEmail`, so the consumer's next accept takes the account
 * over and finishes the job (resumable; adopt never takes an account that has its user item). Best effort: the
 * caller's error is what the consumer is told (a 503 for an outside service), and a claim left behind expires with
 * its lease.
 */
async function undoAccount(
  token: string,
  claimId: string,
  userId: string,
  data: InvitationsData,
  accounts: ConsumerAccounts,
  written: boolean | null = false,
): Promise<void> {
  const deleted =
    written === false &&
    (await accounts.delete(userId).then(
      () => true,
      () => false,
    ));
  await data.invitations.release(token, claimId, { accountMayExist: !deleted }).catch(() => undefined);
}

/**
 * POST /invitations/{token}/accept: the account of the invited e-mail (an e-mail given that is not it is a 400 before
 * anything happens): claim, create the account, finalize (or undo the account and release).
 */
export async function acceptInvitation(
  token: string,
  form: Omit<AcceptInvitationRequest, 'fullName' | 'email'> & { fullName: string | null; email?: string | null },
  data: InvitationsData,
  accounts: ConsumerAccounts,
  now: Date,
): Promise<AcceptInvitationResponse> {
  const invitation = await data.invitations.get(token);
  const client = invitation ? await data.clients.get(invitation.clientId) : null;
  const state = invitationState(invitation, client, now);
  if (state !== 'valid') throw refusal(state);

  const email = invitedAccountEmail(invitation!)!;
  if (form.email && form.email.trim().toLowerCase() !== email) {
    throw new BadRequestError(ACCEPT_MESSAGES.notInvitedEmail, { email: ACCEPT_MESSAGES.notInvitedEmail });
  }
  // An SMS reached the phone, not the address: the address is proven by its code before anything is made.
  const emailCodeChecked = invitation!.invitationType === 'sms';
  if (emailCodeChecked) await checkEmailCode(invitation!, form.emailCode, data, now);
  const claimId = randomUUID();
  if (!(await data.invitations.claim(token, claimId, now, email))) {
    // Someone else holds it, used it, or it expired in between: say which.
    const latest = await data.invitations.get(token);
    const after = invitationState(latest, client, now);
    throw refusal(after === 'valid' ? 'token_used' : after);
  }

  const fullName = form.fullName ?? client!.fullName;
  const emailVerified = isInvitedEmailVerified(invitation!, emailCodeChecked);
  const verifiedPhone = invitedVerifiedPhone(invitation!);

  let created: Awaited<ReturnType<ConsumerAccounts['create']>>;
  let adopting = false;
  try {
    created = await accounts.create({ email, fullName, password: form.password, emailVerified, verifiedPhone });
    if (!created.created && created.reason === 'exists' && invitation!.accountEmail === email) {
      // An earlier accept of this invitation began making this very account and never concluded: take it over.
      adopting = true;
      created = await accounts.adopt({
        email,
        password: form.password,
        isUnclaimed: async (userId) => (await data.users.get(userId)) === null,
      });
    }
  } catch (error) {
    // The account may exist now without anyone knowing: the next accept with this e-mail may take it over.
    await data.invitations.release(token, claimId, { accountMayExist: true });
    throw error;
  }
  if (!created.created) {
    await data.invitations.release(token, claimId, { accountMayExist: adopting });
    if (created.reason === 'exists') throw new ConflictError(ACCEPT_MESSAGES.accountExists);
    throw new BadRequestError(
      created.reason === 'invalid-password' ? AUTH_TOASTS.weakPassword.fallback : ACCEPT_MESSAGES.signUpFailed,
    );
  }

  let outcome: Awaited<ReturnType<InvitationsData['invitations']['finalize']>>;
  try {
    outcome = await data.invitations.finalize(invitation!, claimId, { userId: created.userId, fullName, email }, now);
  } catch (error) {
    const written = await finalizedAnyway(token, created.userId, data);
    if (written) return { userId: created.userId, email };
    await undoAccount(token, claimId, created.userId, data, accounts, written);
    throw error;
  }
  if (outcome !== 'accepted') {
    // The account must not outlive a link that was not written: without it, it would be a login with no client.
    await accounts.delete(created.userId);
    if (outcome === 'client-linked') await data.invitations.release(token, claimId);
    throw new ConflictError(INVITATION_TOKEN_ERROR_MESSAGES.token_used);
  }
  return { userId: created.userId, email };
}
