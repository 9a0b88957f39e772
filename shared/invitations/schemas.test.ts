import { describe, expect, it } from 'vitest';
import {
  ACCEPT_MESSAGES,
  acceptInvitationRequestSchema,
  createInvitationRequestSchema,
  EMAIL_CODE_MESSAGES,
  emailCodeSchema,
} from './api';
import {
  INVITATION_ON_FILE_MESSAGES,
  invitationDestination,
  invitedAccountEmail,
  invitedVerifiedPhone,
  isInvitedEmailVerified,
  mayInviteClient,
} from './schemas';

type Parsed = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstIssue = (result: Parsed) => result.error?.issues[0];

describe('the e-mail code of an SMS invitation', () => {
  it.each([
    ['012345', '012345'],
    [' 987 654 ', '987654'],
  ])('reads %j as %j', (typed, code) => {
    expect(emailCodeSchema.parse(typed)).toBe(code);
    expect(acceptInvitationRequestSchema.parse({ password: 'Str0ng!Passw0rd', emailCode: typed }).emailCode).toBe(code);
  });

  it.each(['', '12345', '1234567', '12ab56', 123456])('refuses %j with the format message', (typed) => {
    expect(firstIssue(emailCodeSchema.safeParse(typed))?.message).toBe(EMAIL_CODE_MESSAGES.format);
  });
});

describe('the invitation request names the channel only', () => {
  it('accepts the channel (and an older dialog’s blank or null contact), keeping nothing else', () => {
    expect(createInvitationRequestSchema.parse({ invitationType: 'sms' })).toEqual({ invitationType: 'sms' });
    expect(createInvitationRequestSchema.parse({ invitationType: 'email', email: '', phone: null, extra: 1 })).toEqual({
      invitationType: 'email',
    });
  });

  it.each([
    [{ invitationType: 'email', email: 'someone.else@example.com' }, 'email'],
    [{ invitationType: 'sms', phone: '+14155552671' }, 'phone'],
    [{ invitationType: 'email', phone: 4155552671 }, 'phone'],
  ])('refuses %j: the contact on file is used, an edit of the client changes it', (body, field) => {
    const issue = firstIssue(createInvitationRequestSchema.safeParse(body));

    expect(issue?.message).toBe(INVITATION_ON_FILE_MESSAGES.contactInRequest);
    expect(issue?.path).toEqual([field]);
  });

  it('requires a known channel', () => {
    expect(createInvitationRequestSchema.safeParse({}).success).toBe(false);
    expect(createInvitationRequestSchema.safeParse({ invitationType: 'fax' }).success).toBe(false);
  });
});

describe('invitationDestination', () => {
  const client = { email: 'casey@example.com', phone: '+14155552671' };

  it('sends an e-mail invitation to the e-mail on file, which names the account', () => {
    expect(invitationDestination('email', client)).toEqual({
      ok: true,
      sentTo: 'casey@example.com',
      accountEmail: 'casey@example.com',
    });
  });

  it('texts an SMS invitation to the phone on file; the account is still named by the e-mail on file', () => {
    expect(invitationDestination('sms', client)).toEqual({
      ok: true,
      sentTo: '+14155552671',
      accountEmail: 'casey@example.com',
    });
  });

  it.each([
    ['email', { phone: '+14155552671' }, INVITATION_ON_FILE_MESSAGES.noEmail],
    ['email', { email: '  ' }, INVITATION_ON_FILE_MESSAGES.noEmail],
    ['sms', { email: 'casey@example.com', phone: null }, INVITATION_ON_FILE_MESSAGES.noPhone],
    ['sms', { phone: '+14155552671' }, INVITATION_ON_FILE_MESSAGES.noAccountEmail],
  ] as const)('refuses %s for a client with %j on file', (type, onFile, message) => {
    expect(invitationDestination(type, onFile)).toEqual({ ok: false, message });
  });
});

describe('who invites', () => {
  const client = { profileId: 'broker-1' };

  it("is the client's broker (its creator) or an admin", () => {
    expect(mayInviteClient({ userId: 'broker-1', role: 'broker' }, client)).toBe(true);
    expect(mayInviteClient({ userId: 'admin-1', role: 'admin' }, client)).toBe(true);
    expect(mayInviteClient({ userId: 'broker-2', role: 'broker' }, client)).toBe(false);
  });
});

describe('the account an invitation creates', () => {
  it('is the address an e-mail invitation went to, verified by the link reaching it', () => {
    const invitation = { invitationType: 'email', sentTo: 'Casey@Example.com', clientEmail: 'old@example.com' } as const;

    expect(invitedAccountEmail(invitation)).toBe('casey@example.com');
    expect(isInvitedEmailVerified(invitation)).toBe(true);
  });

  it("is the client's e-mail on file when an SMS invitation was sent, verified only by its e-mailed code (the text proved the phone)", () => {
    const invitation = { invitationType: 'sms', sentTo: '+14155552671', clientEmail: 'casey@example.com' } as const;

    expect(invitedAccountEmail(invitation)).toBe('casey@example.com');
    expect(isInvitedEmailVerified(invitation)).toBe(false);
    expect(isInvitedEmailVerified(invitation, true)).toBe(true);
  });

  it('is none for an SMS invitation of a client who had no e-mail', () => {
    expect(invitedAccountEmail({ invitationType: 'sms', sentTo: '+14155552671' })).toBeNull();
  });

  it('is not chosen on the accept: the form carries no e-mail, an older page’s e-mail is checked by the service', () => {
    const parsed = acceptInvitationRequestSchema.parse({ fullName: '', password: 'Str0ng!Passw0rd' });

    expect(parsed).toEqual({ fullName: null, password: 'Str0ng!Passw0rd' });
    expect(ACCEPT_MESSAGES.notInvitedEmail).toMatch(/invited/);
  });
});

describe('invitedVerifiedPhone: the phone an SMS invitation proved, for texting a reset code', () => {
  it.each([
    ['+14155552671', '+14155552671'],
    ['(415) 555-2671', '+14155552671'],
    ['4155552671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('gives %j as %j (E.164)', (sentTo, phone) => {
    expect(invitedVerifiedPhone({ invitationType: 'sms', sentTo })).toBe(phone);
  });

  it('is null for an e-mail invitation', () => {
    expect(invitedVerifiedPhone({ invitationType: 'email', sentTo: 'casey@example.com' })).toBeNull();
  });
});
