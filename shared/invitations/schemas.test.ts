import { describe, expect, it } from 'vitest';
import { INVITATION_CONTACT_REQUIRED_MESSAGE, invitationRequestSchema } from './schemas';

type Parsed = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstIssue = (result: Parsed) => result.error?.issues[0];

describe('invitationRequestSchema', () => {
  it('accepts an e-mail invitation with an e-mail and an SMS invitation with a phone', () => {
    expect(invitationRequestSchema.parse({ clientId: 'c1', invitationType: 'email', email: 'Carl@Example.com' })).toEqual({
      clientId: 'c1',
      invitationType: 'email',
      email: 'carl@example.com',
      phone: null,
    });
    expect(invitationRequestSchema.parse({ clientId: 'c1', invitationType: 'sms', phone: '(415) 555-2671' }).phone).toBe(
      '4155552671',
    );
  });

  it.each([
    [{ invitationType: 'email', phone: '+14155552671' }, 'email'],
    [{ invitationType: 'email', email: '' }, 'email'],
    [{ invitationType: 'sms', email: 'carl@example.com' }, 'phone'],
  ])('%j needs its contact: the spec message on %s', (change, field) => {
    const issue = firstIssue(invitationRequestSchema.safeParse({ clientId: 'c1', ...change }));
    expect(issue?.message).toBe('Email is required for email invitations, phone is required for SMS invitations');
    expect(issue?.message).toBe(INVITATION_CONTACT_REQUIRED_MESSAGE);
    expect(issue?.path).toEqual([field]);
  });

  it('validates the contact it is given', () => {
    expect(
      firstIssue(invitationRequestSchema.safeParse({ clientId: 'c1', invitationType: 'email', email: 'carl' }))?.message,
    ).toBe('Invalid email address');
    expect(firstIssue(invitationRequestSchema.safeParse({ clientId: 'c1', invitationType: 'sms', phone: '12ab' }))?.message).toBe(
      'Invalid phone number format',
    );
  });

  it('requires the client and a known invitation type', () => {
    expect(firstIssue(invitationRequestSchema.safeParse({ invitationType: 'email', email: 'a@b.co' }))?.message).toBe(
      'Client is required',
    );
    expect(invitationRequestSchema.safeParse({ clientId: 'c1', invitationType: 'fax' }).success).toBe(false);
  });
});
