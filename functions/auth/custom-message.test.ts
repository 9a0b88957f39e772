import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  createCustomMessageHandler,
  INVITATION_EMAIL_SUBJECT,
  RESET_EMAIL_SUBJECT,
  resetPasswordEmail,
  resetPasswordLink,
} from './custom-message';

const APP_URL = 'https://app.leasedesk.com';

const event = (triggerSource: string, email = 'ann.lee+test@leasedesk.com') =>
  ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_LeaseDesk1',
    userName: 'sub-1',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: {
      userAttributes: { sub: 'sub-1', email },
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  }) as unknown as CustomMessageTriggerEvent;

describe('resetPasswordLink', () => {
  it('points at the auth page in reset mode with the URL-encoded e-mail and the code placeholder', () => {
    expect(resetPasswordLink(`${APP_URL}/`, 'ann.lee+test@leasedesk.com', '{####}')).toBe(
      'https://app.leasedesk.com/auth?reset=true&email=ann.lee%2Btest%40leasedesk.com&code={####}',
    );
  });

  it('gives the form back the e-mail and code it needs, once the placeholder is replaced', () => {
    const url = new URL(resetPasswordLink(APP_URL, "o'brien&co@leasedesk.com", '123456'));

    expect(url.pathname).toBe('/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({ reset: 'true', email: "o'brien&co@leasedesk.com", code: '123456' });
  });
});

describe('resetPasswordEmail', () => {
  const { subject, body } = resetPasswordEmail({ appUrl: APP_URL, email: 'ann@leasedesk.com', codeParameter: '{####}' });

  it('has its own subject, not the sign-up confirmation one', () => {
    expect(subject).toBe(RESET_EMAIL_SUBJECT);
    expect(subject).not.toMatch(/verification|confirmation/i);
  });

  it('links to the reset form, with the link HTML-escaped in the attribute', () => {
    expect(body).toContain('<a href="https://app.leasedesk.com/auth?reset=true&amp;email=ann%40leasedesk.com&amp;code={####}">');
  });

  it('keeps the code readable in the body, for the code path of the reset form', () => {
    expect(body).toContain('<strong>{####}</strong>');
    expect(body.match(/\{####\}/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('cannot be turned into markup by the address', () => {
    const hostile = resetPasswordEmail({ appUrl: APP_URL, email: '"><script>x</script>@leasedesk.com', codeParameter: '{####}' });
    expect(hostile.body).not.toContain('<script>');
  });
});

describe('the CustomMessage handler', () => {
  const handler = createCustomMessageHandler(() => APP_URL);

  it('writes the reset e-mail for a forgotten password', async () => {
    const result = await handler(event('CustomMessage_ForgotPassword'));

    expect(result.response.emailSubject).toBe(RESET_EMAIL_SUBJECT);
    expect(result.response.emailMessage).toContain(
      'https://app.leasedesk.com/auth?reset=true&amp;email=ann.lee%2Btest%40leasedesk.com&amp;code={####}',
    );
  });

  it('writes the reset text for an account whose code goes to its verified phone: the code, under 140 characters', async () => {
    const result = await handler(event('CustomMessage_ForgotPassword'));

    expect(result.response.smsMessage).toContain('{####}');
    expect(result.response.smsMessage).toContain('LeaseDesk password reset code');
    expect(result.response.smsMessage!.length).toBeLessThanOrEqual(140);
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'])('leaves %s to the pool template', async (source) => {
    const result = await handler(event(source));

    expect(result.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});

describe('the invitation of an admin-made login (CustomMessage_AdminCreateUser)', () => {
  const adminCreate = (dealershipName?: string) => {
    const base = event('CustomMessage_AdminCreateUser', 'dale@example.com');
    return {
      ...base,
      request: {
        ...base.request,
        usernameParameter: '{username}',
        ...(dealershipName === undefined ? {} : { clientMetadata: { dealershipName } }),
      },
    } as unknown as CustomMessageTriggerEvent;
  };

  it('names the product, the dealership, the sign-in link, and says the password must be changed at first sign-in', async () => {
    const result = await createCustomMessageHandler(() => `${APP_URL}/`)(adminCreate('Bay Area BMW'));

    expect(result.response.emailSubject).toBe(INVITATION_EMAIL_SUBJECT);
    expect(result.response.emailSubject).toContain('LeaseDesk');
    const body = result.response.emailMessage!;
    expect(body).toContain('your LeaseDesk dealer login for Bay Area BMW');
    expect(body).toContain('<a href="https://app.leasedesk.com/auth">https://app.leasedesk.com/auth</a>');
    expect(body).toContain('dale@example.com');
    expect(body).toContain('Your temporary password is <strong>{####}</strong>');
    expect(body).toContain('You must change this password the first time you sign in.');
    expect(body).not.toMatch(/^Your temporary password$/m);
  });

  it('carries both placeholders Cognito requires in an invitation (user name and code)', async () => {
    const body = (await createCustomMessageHandler(() => APP_URL)(adminCreate('Bay Area BMW'))).response.emailMessage!;

    expect(body).toContain('{username}');
    expect(body).toContain('{####}');
  });

  it('escapes a hostile dealership name, and reads well without one', async () => {
    const hostile = (await createCustomMessageHandler(() => APP_URL)(adminCreate('<img src=x onerror=alert(1)>'))).response;
    const without = (await createCustomMessageHandler(() => APP_URL)(adminCreate())).response;

    expect(hostile.emailMessage).not.toContain('<img');
    expect(hostile.emailMessage).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(without.emailMessage).toContain('your LeaseDesk dealer login.</p>');
  });
});
