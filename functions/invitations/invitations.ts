/**
 * Consumer invitations (docs/api.md, "Consumers"; messages in shared/invitations/api.ts): the client's broker or an
 * admin invites a client by e-mail or SMS, at the contact details on file; the client opens
 * /consumer-signup?token=..., which validates the link, and accepts it with a password (acceptance.ts), which creates
 * the consumer account of the invited e-mail, links it to the client and uses the invitation: one account per
 * invitation (the claim protocol is in data/invitations.ts, the design in docs/decisions.md "Consumers"; who may do
 * what, and how often, in docs/security.md "Ownership"). An SMS invitation's e-mail code is in email-codes.ts.
 *
 * This file: sending an invitation, and what a link is now.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import {
  CLIENT_ALREADY_LINKED_MESSAGE,
  INVITATION_LIFETIME_DAYS,
  INVITATION_TOKEN_ERROR_MESSAGES,
  type CreateInvitationResponse,
  type InvitationRequest,
  type InvitationTokenError,
  type InvitationValidation,
} from '@shared/invitations/api';
import { invitationDestination, invitedAccountEmail, mayInviteClient } from '@shared/invitations/schemas';
import { CLIENT_NOT_YOURS_MESSAGE, inBook } from '@shared/auth/ownership';
import { CLIENT_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { formatDate } from '@shared/format';
import type { Identity } from '@functions/lib/auth-context';
import type { Client } from '@functions/domain/clients/clients';
import type { InvitationsData } from './data';
import type { Invitation } from './data/invitations';
import { invitationDeliveryRecord } from './data/invitation';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import type { Mailer } from '@functions/lib/mailer';
import { deliverNow, newOutboxMessage } from '@functions/lib/outbox';
import { requireSenderAllowance } from '@functions/lib/rate-limit';
import type { SmsSender } from '@functions/lib/sms';

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

/** A link that is not valid: an unknown one is 404, a used or expired one 409, each with its message. */
export function refusal(state: InvitationTokenError): Error {
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
