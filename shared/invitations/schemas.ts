/**
 * Inviting a client to the consumer portal (docs/api.md, "Consumers"; docs/decisions.md, "Consumers") and the
 * invitation's states, messages and pure rules. An invitation goes to the contact details on file and makes the
 * account of the e-mail on file (docs/security.md, "Ownership"): the request names the channel only, and changing
 * where an invitation goes is an edit of the client. Only the client's broker or an admin invites.
 */
import { isOwnerOrAdmin, type Actor } from '../auth/ownership';
import type { InvitationType } from './enums';

export { INVITATION_TYPES, type InvitationType } from './enums';

export const INVITATION_STATES = ['valid', 'used', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** The rule for the channel's contact; the contact is now the client's own (INVITATION_ON_FILE_MESSAGES). */
export const INVITATION_CONTACT_REQUIRED_MESSAGE =
  'Email is required for email invitations, phone is required for SMS invitations';
/** Toast title for an invitation that fails validation (the body is the first message). */
export const VALIDATION_ERROR_TITLE = 'Validation Error';
/** Shown when a consumer sign-up fails validation without a message of its own. */
export const CHECK_YOUR_INPUT_MESSAGE = 'Please check your input';
export const CLIENT_REQUIRED_MESSAGE = 'Client is required';

/** What the consumer-signup page says for each state of the link. */
export const INVITATION_MESSAGES = {
  noToken: 'No invitation token provided',
  invalid: 'This invitation link is no longer valid',
  used: 'This invitation has already been used',
  expired: 'This invitation has expired',
  verifyFailed: 'Failed to verify invitation',
} as const;

/** 400s of POST /clients/{id}/invitations about the contact details (on the `invitationType` field, or the contact's). */
export const INVITATION_ON_FILE_MESSAGES = {
  /** The body named an e-mail or phone: invitations no longer go anywhere but to the client's own. */
  contactInRequest: 'Invitations go to the contact details on file. Edit the client to change them.',
  noEmail: 'This client has no email address on file. Edit the client to add one.',
  noPhone: 'This client has no phone number on file. Edit the client to add one.',
  /** An SMS invitation still creates an account named by the client's e-mail. */
  noAccountEmail: 'This client needs an email address on file to sign in with. Edit the client to add one.',
} as const;

/** The client's contact details, as the invitation rules read them. */
export interface ContactOnFile {
  email?: string | null;
  phone?: string | null;
}

export type InvitationDestination =
  | {
      ok: true;
      /** The e-mail address or phone number the message goes to. */
      sentTo: string;
      /** The e-mail the consumer account will have: the client's e-mail on file (docs/decisions.md, "Consumers"). */
      accountEmail: string;
    }
  | { ok: false; message: string };

/**
 * Pure: where an invitation by `type` goes for a client, or why it cannot be sent. E-mail: the client's e-mail on
 * file, which also names the account. SMS: the client's phone on file; the account is still named by the client's
 * e-mail on file, so an SMS invitation needs both.
 */
export function invitationDestination(type: InvitationType, client: ContactOnFile): InvitationDestination {
  const email = client.email?.trim() || null;
  const phone = client.phone?.trim() || null;
  if (type === 'email') {
    return email ? { ok: true, sentTo: email, accountEmail: email } : { ok: false, message: INVITATION_ON_FILE_MESSAGES.noEmail };
  }
  if (!phone) return { ok: false, message: INVITATION_ON_FILE_MESSAGES.noPhone };
  if (!email) return { ok: false, message: INVITATION_ON_FILE_MESSAGES.noAccountEmail };
  return { ok: true, sentTo: phone, accountEmail: email };
}

/** Pure: whether `actor` may invite the client: the broker who created it (`profileId`) or an admin. */
export function mayInviteClient(actor: Actor, client: { profileId: string }): boolean {
  return isOwnerOrAdmin(actor, client.profileId);
}

/**
 * Pure: the e-mail the consumer account of an invitation will have, fixed when it was sent: the address an e-mail
 * invitation went to, or, for an SMS invitation, the client's e-mail on file then. Null for an old SMS invitation of a
 * client who had none (it cannot be accepted: the link reads as no longer valid).
 */
export function invitedAccountEmail(invitation: {
  invitationType: InvitationType;
  sentTo: string;
  clientEmail?: string | null;
}): string | null {
  const email = invitation.invitationType === 'email' ? invitation.sentTo : invitation.clientEmail;
  return email?.trim().toLowerCase() || null;
}

/**
 * Pure: whether the account's e-mail is proven. An e-mail invitation's link reached the address; an SMS reached the
 * phone, not the address (a broker's typo, or an edit by another broker before the text), so an SMS invitation's
 * address is proven only by the code e-mailed to it (`emailCodeChecked`; the accept requires it). An account made
 * without it (an SMS invitation accepted before codes) is not marked verified: Cognito then sends it no
 * password-reset codes (they go to the verified phone instead, `invitedVerifiedPhone`).
 */
export function isInvitedEmailVerified(invitation: { invitationType: InvitationType }, emailCodeChecked = false): boolean {
  return invitation.invitationType === 'email' || emailCodeChecked;
}

/**
 * Pure: the phone an SMS invitation's link reached, in E.164 (as Cognito's `phone_number` requires), stored on the
 * account as verified: its holder proved they read texts there, so a forgotten password's code can be texted to it
 * (docs/security.md, "Password reset by phone"). Null for an e-mail invitation.
 */
export function invitedVerifiedPhone(invitation: { invitationType: InvitationType; sentTo: string }): string | null {
  if (invitation.invitationType !== 'sms') return null;
  const digits = invitation.sentTo.replace(/[^\d]/g, '');
  if (!digits) return null;
  if (invitation.sentTo.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}
