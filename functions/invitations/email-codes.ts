/**
 * The e-mail code of an SMS invitation (docs/decisions.md, "E-mail code for SMS invitations"): the text proved the
 * phone, not the address the account is named by, so the consumer proves the address with a code before the account
 * is made (acceptance.ts checks it).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_CODE_LIFETIME_MINUTES,
  EMAIL_CODE_MAX_CHECKS,
  EMAIL_CODE_MESSAGES,
  type EmailCodeResponse,
} from '@shared/invitations/api';
import { invitedAccountEmail } from '@shared/invitations/schemas';
import type { InvitationsData } from './data';
import type { Invitation } from './data/invitations';
import { emailCodeDeliveryRecord } from './data/invitation';
import { BadRequestError } from '@functions/lib/errors';
import { deliverNow, newOutboxMessage } from '@functions/lib/outbox';
import { requireSenderAllowance } from '@functions/lib/rate-limit';
import { invitationState, refusal, type Notifiers } from './invitations';

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
export async function checkEmailCode(invitation: Invitation, code: string | undefined, data: InvitationsData, now: Date) {
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
