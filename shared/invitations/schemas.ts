/**
 * Inviting a client to the consumer portal (docs/api.md, "Consumers"; docs/decisions.md, "Consumers") and the
 * invitation's states and messages.
 */
import * as z from 'zod';
import { emailSchema } from '../auth/schemas';
import { INVALID_INPUT, blankToNull, phoneNumber, requiredText } from '../validation';
import { INVITATION_TYPES } from './enums';

export { INVITATION_TYPES, type InvitationType } from './enums';

export const INVITATION_STATES = ['valid', 'used', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

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

/** The contact an invitation goes to: an e-mail for `email`, a phone for `sms` (the dialog's fields). */
const invitationContactFields = {
  invitationType: z.enum(INVITATION_TYPES, INVALID_INPUT),
  email: blankToNull(emailSchema),
  phone: blankToNull(phoneNumber()),
};

function requireContact(
  request: { invitationType: (typeof INVITATION_TYPES)[number]; email: string | null; phone: string | null },
  ctx: z.RefinementCtx,
) {
  const contact = request.invitationType === 'email' ? request.email : request.phone;
  if (!contact) {
    ctx.addIssue({
      code: 'custom',
      message: INVITATION_CONTACT_REQUIRED_MESSAGE,
      path: [request.invitationType === 'email' ? 'email' : 'phone'],
    });
  }
}

/** The invite dialog's body without the client (POST /clients/{id}/invitations carries the client in its path). */
export const invitationContactSchema = z.object(invitationContactFields).superRefine(requireContact);
export type InvitationContact = z.output<typeof invitationContactSchema>;

/** The spec's send-consumer-invitation body: the client and the contact. */
export const invitationRequestSchema = z
  .object({ clientId: requiredText(CLIENT_REQUIRED_MESSAGE), ...invitationContactFields })
  .superRefine(requireContact);
export type InvitationRequest = z.output<typeof invitationRequestSchema>;
