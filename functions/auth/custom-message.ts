/**
 * Cognito CustomMessage trigger: the forgotten-password e-mail gets its own subject and body with a link back to
 * the app, `<app URL>/auth?reset=true&email=<e-mail>&code=<code>`, which opens the new-password form filled in.
 * The code is shown in the body too, so someone who types it in the reset form (or whose mail client strips
 * links) can still finish. Every other message (the sign-up confirmation code, a resent code, an invitation) is
 * left to the pool's own template: the trigger returns the event unchanged.
 *
 * Cognito puts the code where the message has `event.request.codeParameter` ("{####}"); the trigger never sees
 * the code itself. The body is HTML (Cognito sends custom e-mail messages as HTML).
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { config } from '@functions/lib/config';

export const RESET_EMAIL_SUBJECT = 'Reset your LeaseDesk password';

/** The link the reset e-mail carries; `code` is Cognito's placeholder, replaced by Cognito when it sends. */
export function resetPasswordLink(appUrl: string, email: string, code: string): string {
  const query = `reset=true&email=${encodeURIComponent(email)}&code=${code}`;
  return `${appUrl.replace(/\/+$/, '')}/auth?${query}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
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

export function createCustomMessageHandler(appUrl: () => string) {
  return async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
    const email = event.request.userAttributes.email ?? event.userName;
    const { subject, body } = resetPasswordEmail({ appUrl: appUrl(), email, codeParameter: event.request.codeParameter });
    event.response.emailSubject = subject;
    event.response.emailMessage = body;
    return event;
  };
}

export const handler = createCustomMessageHandler(() => config.appUrl);
