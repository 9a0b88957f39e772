/**
 * Consumer invitations (docs/api.md, "Consumers"; messages in shared/invitations/api.ts): the client's broker or an
 * admin invites a client by e-mail or SMS, at the contact details on file; the client opens
 * /consumer-signup?token=..., which validates the link, and accepts it with a password, which creates the consumer
 * account of the invited e-mail, links it to the client and uses the invitation: one account per invitation (the
 * claim protocol is in data/invitations.ts, the design in docs/decisions.md "Consumers"; who may do what, and how
 * often, in docs/security.md "Ownership").
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';
import {
  ACCEPT_MESSAGES,
  CLIENT_ALREADY_LINKED_MESSAGE,
  EMAIL_CODE_LIFETIME_MINUTES,
  EMAIL_CODE_MAX_CHECKS,
  EMAIL_CODE_MESSAGES,
  INVITATION_LIFETIME_DAYS,
  INVITATION_TOKEN_ERROR_MESSAGES,
  type AcceptInvitationRequest,
  type AcceptInvitationResponse,
  type CreateInvitationResponse,
  type EmailCodeResponse,
  type InvitationRequest,
  type InvitationTokenError,
  type InvitationValidation,
} from '@shared/invitations/api';
import {
  invitationDestination,
  invitedAccountEmail,
  invitedVerifiedPhone,
  isInvitedEmailVerified,
  mayInviteClient,
} from '@shared/invitations/schemas';
import { CLIENT_NOT_YOURS_MESSAGE, inBook } from '@shared/auth/ownership';
import { AUTH_TOASTS } from '@shared/auth/schemas';
import { CLIENT_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { formatDate } from '@shared/format';
import type { Identity } from '@functions/lib/auth-context';
import type { Client } from '@functions/domain/clients/clients';
import type { InvitationsData } from './data';
import type { Invitation } from './data/invitations';
import { emailCodeDeliveryRecord, invitationDeliveryRecord } from './data/invitation';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import type { Mailer } from '@functions/lib/mailer';
import { deliverNow, newOutboxMessage } from '@functions/lib/outbox';
import { requireSenderAllowance } from '@functions/lib/rate-limit';
import type { SmsSender } from '@functions/lib/sms';
import type { ConsumerAccounts } from './accounts';

export interface Notifiers {
  mailer: Pick<Mailer, 'sendEmail'>;
  sms: Pick<SmsSender, 'sendSms'>;
  /** The web app's origin: the link is `${appUrl}/consumer-signup?token=...`. */
  appUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** 128 random bits, base64url (22 characters): the link is the credential, so it cannot be guessed. */
export function newInvitationToken(): string {
  return randomBytes(16).toString('base64url');
}

export function signupLink(appUrl: string, token: string): string {
  return `${appUrl}/consumer-signup?token=${encodeURIComponent(token)}`;
}

/** The invitation message, by e-mail or text: who invites, where to go, until when. */
export function invitationMessage(input: { clientName: string; inviterName: string; link: string; validUntil: string }) {
  const until = formatDate(input.validUntil);
  return {
    subject: `${input.inviterName} invited you to your LeaseDesk portal`,
    text: [
      `Hello ${input.clientName},`,
      '',
      `${input.inviterName} invited you to the LeaseDesk consumer portal, where you can follow your deals, pay your concierge fee and reach your broker.`,
      '',
      `Create your account: ${input.link}`,
      '',
      `This link is valid until ${until}.`,
    ].join('\n'),
    sms: `${input.inviterName} invited you to your LeaseDesk portal. Create your account: ${input.link} (valid until ${until})`,
  };
}

/**
 * Pure: what a link is now. Used, or being accepted right now, reads as used; a link past its date as expired;
 * a link whose client was deleted, that names no invitation, or that names no e-mail for the account (an SMS
 * invitation sent before the account e-mail was required) as invalid; a client that already has a consumer account
 * (through another invitation) makes every other link of theirs used.
 */
export function invitationState(
  invitation: Pick<Invitation, 'status' | 'validUntil' | 'claimedUntil' | 'invitationType' | 'sentTo' | 'clientEmail'> | null,
  client: Pick<Client, 'userId'> | null,
  now: Date,
): 'valid' | InvitationTokenError {
  if (!invitation) return 'invalid';
  const at = now.toISOString();
  if (invitation.status === 'used') return 'token_used';
  if (invitation.status === 'accepting' && (invitation.claimedUntil ?? '') > at) return 'token_used';
  if (invitation.validUntil <= at) return 'token_expired';
  if (!client || !invitedAccountEmail(invitation)) return 'invalid';
  if (client.userId) return 'token_used';
  return 'valid';
}

function refusal(state: InvitationTokenError): Error {
  const message = INVITATION_TOKEN_ERROR_MESSAGES[state];
  return state === 'invalid' ? new NotFoundError(message) : new ConflictError(message);
}

async function inviterName(identity: Identity, data: InvitationsData): Promise<string> {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(identity.userId), data.users.get(identity.userId)]);
  return profile?.fullName ?? user?.fullName ?? 'Your broker';
}

/**
 * POST /clients/{id}/invitations. The client's broker or an admin (in the shared book another broker reads the client,
 * so 403; in own book it is not theirs to read, so 404), to the contact details on file. The invitation is stored with its message in the outbox, then sent: a send that fails
 * leaves the invitation, with the failure, and the outbox retries it unless the provider refused it.
 */
export async function sendInvitation(
  identity: Identity,
  clientId: string,
  request: InvitationRequest,
  data: InvitationsData,
  notifiers: Notifiers,
  now: Date,
): Promise<CreateInvitationResponse> {
  const [client, from, ownBook] = await Promise.all([
    data.clients.get(clientId),
    inviterName(identity, data),
    identity.role === 'broker' ? data.settings.ownBook() : Promise.resolve(false),
  ]);
  // In own book another broker's client is not in the caller's book: a 404, as an unknown id (docs/security.md).
  if (!client || !inBook({ ...identity, ownBook }, client.profileId)) throw new NotFoundError(CLIENT_NOT_FOUND_MESSAGE);
  if (!mayInviteClient(identity, client)) throw new ForbiddenError(CLIENT_NOT_YOURS_MESSAGE);
  if (client.userId) throw new ConflictError(CLIENT_ALREADY_LINKED_MESSAGE);
  const destination = invitationDestination(request.invitationType, client);
  if (!destination.ok) throw new BadRequestError(destination.message, { invitationType: destination.message });
  const { sentTo } = destination;
  // Counted only now that the invitation will go out (a refused request above uses none of the allowance).
  await requireSenderAllowance(data.senders, 'POST /clients/{id}/invitations', identity.userId, 'invitations', now);

  const invitation: Invitation = {
    token: newInvitationToken(),
    id: ulid(now.getTime()),
    clientId: client.id,
    clientName: client.fullName,
    // The account's e-mail, fixed now (invitedAccountEmail): what the owner saw when sending.
    clientEmail: destination.accountEmail,
    clientPhone: client.phone,
    invitationType: request.invitationType,
    invitedBy: identity.userId,
    sentTo,
    status: 'pending',
    validUntil: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS).toISOString(),
    // Not sent yet: the outbox marks it (functions/lib/outbox.ts).
    deliveryStatus: 'retrying',
    createdAt: now.toISOString(),
  };
  const message = invitationMessage({
    clientName: client.fullName,
    inviterName: from,
    link: signupLink(notifiers.appUrl, invitation.token),
    validUntil: invitation.validUntil,
  });
  const outgoing = newOutboxMessage(
    {
      ...(invitation.invitationType === 'email'
        ? { channel: 'email', subject: message.subject, text: message.text }
        : { channel: 'sms', text: message.sms }),
      to: sentTo,
      // A link past its date is not worth sending.
      sendBy: invitation.validUntil,
      record: invitationDeliveryRecord(invitation.token),
    },
    now,
  );
  await data.invitations.create(invitation, outgoing);
  const delivery = await deliverNow(outgoing, { outbox: data.outbox, senders: notifiers }, now);

  return {
    invitationId: invitation.id,
    invitationType: invitation.invitationType,
    sentTo,
    validUntil: invitation.validUntil,
    delivery,
  };
}

/** GET /invitations/{token}: validates an invitation token; only a valid link names the client. */
export async function validateInvitation(token: string, data: InvitationsData, now: Date): Promise<InvitationValidation> {
  const invitation = await data.invitations.get(token);
  const client = invitation ? await data.clients.get(invitation.clientId) : null;
  const state = invitationState(invitation, client, now);
  if (state !== 'valid') return { valid: false, error: state, clientName: null, clientEmail: null, emailCodeRequired: false };
  return {
    valid: true,
    error: null,
    clientName: client!.fullName,
    clientEmail: invitedAccountEmail(invitation!),
    emailCodeRequired: invitation!.invitationType === 'sms',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The e-mail code of an SMS invitation (docs/decisions.md, "E-mail code for SMS invitations"): the text proved the
// phone, not the address the account is named by, so the consumer proves the address with a code before the account
// is made.

/** Six random digits. */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What is stored of a code: SHA-256 of the token and the code (a code alone is one of a million). */
export function emailCodeHash(token: string, code: string): string {
  return createHash('sha256').update(`${token}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The code's e-mail. */
export function emailCodeMessage(input: { clientName: string; code: string }) {
  return {
    subject: 'Your LeaseDesk verification code',
    text: [
      `Hello ${input.clientName},`,
      '',
      `Your LeaseDesk verification code is ${input.code}.`,
      '',
      `Enter it on the page where you are creating your LeaseDesk account. It is valid for ${EMAIL_CODE_LIFETIME_MINUTES} minutes.`,
      '',
      'If you did not ask for this code, you can ignore this email.',
    ].join('\n'),
  };
}

/**
 * POST /invitations/{token}/email-code: a new code for a valid SMS invitation, e-mailed (through the outbox) to the
 * address its account will have; it replaces any earlier code. At most 5 an hour per invitation (senderLimit).
 */
export async function sendEmailCode(
  token: string,
  data: InvitationsData,
  notifiers: Pick<Notifiers, 'mailer'>,
  now: Date,
): Promise<EmailCodeResponse> {
  const invitation = await data.invitations.get(token);
  const client = invitation ? await data.clients.get(invitation.clientId) : null;
  const state = invitationState(invitation, client, now);
  if (state !== 'valid') throw refusal(state);
  if (invitation!.invitationType !== 'sms') throw new BadRequestError(EMAIL_CODE_MESSAGES.notNeeded);
  const email = invitedAccountEmail(invitation!)!;
  // Counted per invitation, only once a code will go out.
  await requireSenderAllowance(data.senders, 'POST /invitations/{token}/email-code', invitation!.id, 'codes', now);

  const code = newEmailCode();
  const validUntil = new Date(now.getTime() + EMAIL_CODE_LIFETIME_MINUTES * 60_000).toISOString();
  const message = emailCodeMessage({ clientName: invitation!.clientName, code });
  const outgoing = newOutboxMessage(
    {
      channel: 'email',
      subject: message.subject,
      text: message.text,
      to: email,
      // A code past its time is not worth sending.
      sendBy: validUntil,
      record: emailCodeDeliveryRecord(token),
    },
    now,
  );
  if (!(await data.invitations.putEmailCode(token, { hash: emailCodeHash(token, code), validUntil }, outgoing, now))) {
    // Used, being accepted or expired in between: say which.
    const after = invitationState(await data.invitations.get(token), client, now);
    throw refusal(after === 'valid' ? 'token_used' : after);
  }
  const delivery = await deliverNow(outgoing, { outbox: data.outbox, senders: notifiers }, now);
  return { sentTo: email, validUntil, delivery };
}

/**
 * The accept's check of an SMS invitation's code (400 on `emailCode` with what to do): given, sent, in time, within
 * its checks (each check is counted before comparing), and right.
 */
async function checkEmailCode(invitation: Invitation, code: string | undefined, data: InvitationsData, now: Date) {
  const refuse = (message: string) => new BadRequestError(message, { emailCode: message });
  if (!code) throw refuse(EMAIL_CODE_MESSAGES.required);
  const hash = invitation.emailCodeHash;
  if (!hash || !invitation.emailCodeValidUntil) throw refuse(EMAIL_CODE_MESSAGES.notSent);
  if (invitation.emailCodeValidUntil <= now.toISOString()) throw refuse(EMAIL_CODE_MESSAGES.expired);
  if (!(await data.invitations.takeEmailCodeCheck(invitation.token, hash, EMAIL_CODE_MAX_CHECKS))) {
    // A newer code replaced this one in between: the code typed is not the one that counts.
    const latest = await data.invitations.get(invitation.token, { consistent: true });
    throw refuse(latest?.emailCodeHash === hash ? EMAIL_CODE_MESSAGES.tooManyChecks : EMAIL_CODE_MESSAGES.wrong);
  }
  if (!sameHash(emailCodeHash(invitation.token, code), hash)) throw refuse(EMAIL_CODE_MESSAGES.wrong);
}

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
