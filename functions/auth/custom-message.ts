/**
 * Cognito CustomMessage trigger: the forgotten-password e-mail gets its own subject and body with a link back to
 * the app, `<app URL>/auth?reset=true&email=<e-mail>&code=<code>`, which opens the new-password form filled in.
 * The code is shown in the body too, so someone who types it in the reset form (or whose mail client strips
 * links) can still finish. When the code goes by text (a verified phone, no verified e-mail), the text carries it. The invitation an admin's AdminCreateUser sends (a dealer login: its temporary
 * password) names the product, the dealership (ClientMetadata `dealershipName`, from the dealerships function),
 * the sign-in link and that the password must be changed at first sign-in. Every other message (the sign-up
 * confirmation code, a resent code) is left to the pool's own template: the trigger returns the event unchanged.
 *
 * Cognito puts the code where the message has `event.request.codeParameter` ("{####}"); the trigger never sees
 * the code itself. The body is HTML (Cognito sends custom e-mail messages as HTML).
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { config } from '@functions/lib/config';
import { escapeHtml } from '@functions/lib/html';

export const RESET_EMAIL_SUBJECT = 'Reset your LeaseDesk password';

/** The link the reset e-mail carries; `code` is Cognito's placeholder, replaced by Cognito when it sends. */
export function resetPasswordLink(appUrl: string, email: string, code: string): string {
  const query = `reset=true&email=${encodeURIComponent(email)}&code=${code}`;
  return `${appUrl.replace(/\/+$/, '')}/auth?${query}`;
}

/** Subject and HTML body of the reset e-mail. */
export function resetPasswordEmail(input: { appUrl: string; email: string; codeParameter: string }): {
  subject: string;
  body: string;
} {
  const link = escapeHtml(resetPasswordLink(input.appUrl, input.email, input.codeParameter));
  const body = [
    '<p>Hello,</p>',
    '<p>We received a request to reset the password of your LeaseDesk account. Follow this link to choose a new password:</p>',
    `<p><a href="${link}">Reset your password</a></p>`,
    `<p>If the link does not open, copy this address into your browser:<br>${link}</p>`,
    `<p>Or enter this reset code on the LeaseDesk sign-in page: <strong>${input.codeParameter}</strong></p>`,
    '<p>The link and the code expire in one hour. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n');
  return { subject: RESET_EMAIL_SUBJECT, body };
}

export const INVITATION_EMAIL_SUBJECT = 'Your LeaseDesk dealer login';

/**
 * Subject and HTML body of an admin-made login's invitation. Cognito requires both placeholders in it: it replaces
 * `usernameParameter` with the user name and `codeParameter` with the temporary password when it sends.
 */
export function invitationEmail(input: {
  appUrl: string;
  email: string;
  dealershipName: string | undefined;
  usernameParameter: string;
  codeParameter: string;
}): { subject: string; body: string } {
  const signIn = escapeHtml(`${input.appUrl.replace(/\/+$/, '')}/auth`);
  const where = input.dealershipName ? ` for ${escapeHtml(input.dealershipName)}` : '';
  const body = [
    '<p>Hello,</p>',
    `<p>An administrator has created your LeaseDesk dealer login${where}.</p>`,
    `<p>Sign in at <a href="${signIn}">${signIn}</a> with your e-mail address ${escapeHtml(input.email)} (account reference ${input.usernameParameter}).</p>`,
    `<p>Your temporary password is <strong>${input.codeParameter}</strong></p>`,
    '<p>You must change this password the first time you sign in. It expires if not used within 7 days; ask your administrator for a new one if it does.</p>',
  ].join('\n');
  return { subject: INVITATION_EMAIL_SUBJECT, body };
}

/**
 * The forgotten-password text, for an account whose code goes to its verified phone (an SMS-invited consumer):
 * the code only (a link with the e-mail and code would not fit in one text), under Cognito's 140 characters.
 */
export function resetPasswordText(codeParameter: string): string {
  return `Your LeaseDesk password reset code is ${codeParameter}. Enter it on the LeaseDesk sign-in page. It expires in 1 hour.`;
}

export function createCustomMessageHandler(appUrl: () => string) {
  return async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    if (event.triggerSource === 'CustomMessage_AdminCreateUser') {
      const { subject, body } = invitationEmail({
        appUrl: appUrl(),
        email: event.request.userAttributes.email ?? event.userName,
        dealershipName: event.request.clientMetadata?.dealershipName,
        usernameParameter: event.request.usernameParameter ?? '{username}',
        codeParameter: event.request.codeParameter,
      });
      event.response.emailSubject = subject;
      event.response.emailMessage = body;
      return event;
    }
    if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
    const email = event.request.userAttributes.email ?? event.userName;
    const { subject, body } = resetPasswordEmail({ appUrl: appUrl(), email, codeParameter: event.request.codeParameter });
    event.response.emailSubject = subject;
    event.response.emailMessage = body;
    event.response.smsMessage = resetPasswordText(event.request.codeParameter);
    return event;
  };
}

export const handler = createCustomMessageHandler(() => config.appUrl);
