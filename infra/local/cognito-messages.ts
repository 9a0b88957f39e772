import type { Messages } from 'cognito-local/lib/services';

export type MessageSource = Parameters<Messages['deliver']>[1];

/**
 * Cognito's default e-mail wording for a code. Cognito uses its verification template for sign-up, resent codes,
 * attribute verification and forgot-password alike; only AdminCreateUser has its own invitation template.
 */
export function cognitoEmail(source: MessageSource, code: string, username: string): { subject: string; body: string } {
  if (source === 'AdminCreateUser') {
    return {
      subject: 'Your temporary password',
      body: `Your username is ${username} and temporary password is ${code}.`,
    };
  }
  return { subject: 'Your verification code', body: `Your verification code is ${code}.` };
}
