import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideSignUp } from './pre-sign-up';

describe('decideSignUp', () => {
  it('allows a self sign-up with a company e-mail', () => {
    expect(decideSignUp('PreSignUp_SignUp', 'ann@leasedesk.com', 'leasedesk.com')).toEqual({ allow: true });
  });

  it('rejects any other domain with the required message', () => {
    for (const email of ['ann@gmail.com', 'ann@leasedesk.com.evil.io', 'ann@mail.leasedesk.com', undefined]) {
      expect(decideSignUp('PreSignUp_SignUp', email, 'leasedesk.com')).toEqual({
        allow: false,
        message: 'Only @leasedesk.com email addresses are allowed to sign up.',
      });
    }
  });

  it.each([
    'x@gmail.com@leasedesk.com',
    '"x@gmail.com"@leasedesk.com',
    'x@gmail.com%@leasedesk.com',
    'ann@@leasedesk.com',
    'ann lee@leasedesk.com',
    '@leasedesk.com',
    `${'a'.repeat(115)}@leasedesk.com`,
  ])('rejects %j, which is no valid company account e-mail, whatever its last "@" is followed by', (email) => {
    expect(decideSignUp('PreSignUp_SignUp', email, 'leasedesk.com')).toMatchObject({ allow: false });
  });

  it('accepts a company address of exactly 128 characters, the longest Cognito username', () => {
    const email = `${'a'.repeat(128 - '@leasedesk.com'.length)}@leasedesk.com`;
    expect(email).toHaveLength(128);
    expect(decideSignUp('PreSignUp_SignUp', email, 'leasedesk.com')).toEqual({ allow: true });
  });

  it('allows users an admin creates, whatever their domain', () => {
    expect(decideSignUp('PreSignUp_AdminCreateUser', 'consumer@example.com', 'leasedesk.com')).toEqual({ allow: true });
  });
});

describe('PreSignUp handler', () => {
  beforeEach(() => {
    vi.stubEnv('COMPANY_EMAIL_DOMAIN', 'leasedesk.com');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const event = (email: string, triggerSource = 'PreSignUp_SignUp') =>
    ({
      triggerSource,
      request: { userAttributes: { email } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    }) as unknown as PreSignUpTriggerEvent;

  it('throws the message Cognito shows as "PreSignUp failed with error <message>."', async () => {
    const { handler } = await import('./pre-sign-up');

    await expect(handler(event('ann@gmail.com'))).rejects.toThrow('Only @leasedesk.com email addresses are allowed to sign up.');
  });

  it('refuses "x@gmail.com@leasedesk.com" with the company-domain message', async () => {
    const { handler } = await import('./pre-sign-up');

    await expect(handler(event('x@gmail.com@leasedesk.com'))).rejects.toThrow(
      'Only @leasedesk.com email addresses are allowed to sign up.',
    );
  });

  it('lets a company e-mail through without confirming it', async () => {
    const { handler } = await import('./pre-sign-up');

    const result = await handler(event('ann@leasedesk.com'));

    expect(result.response.autoConfirmUser).toBe(false);
    expect(result.response.autoVerifyEmail).toBe(false);
  });

  it("refuses a broker's full name carrying control or text-direction characters, with the form's message", () => {
    expect(decideSignUp('PreSignUp_SignUp', 'ann@leasedesk.com', 'leasedesk.com', 'Ann Lee')).toEqual({ allow: true });
    for (const name of ['Ann\u202ELee', 'Ann\u0000Lee', 'Ann\u2066Lee']) {
      expect(decideSignUp('PreSignUp_SignUp', 'ann@leasedesk.com', 'leasedesk.com', name)).toEqual({
        allow: false,
        message: 'Full name cannot contain control or text-direction characters',
      });
    }
    expect(decideSignUp('PreSignUp_SignUp', 'ann@leasedesk.com', 'leasedesk.com', ' ')).toEqual({
      allow: false,
      message: 'Please enter your full name',
    });
  });
});
