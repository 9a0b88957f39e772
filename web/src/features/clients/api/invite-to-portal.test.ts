import { describe, expect, it } from 'vitest';
import { invitationBody } from './invite-to-portal';

describe('invitationBody', () => {
  it('sends only the contact of the chosen channel (e-mail when email, phone when sms)', () => {
    const contact = { email: 'nora@example.com', phone: '+15035550142' };
    expect(invitationBody({ invitationType: 'email', ...contact })).toEqual({
      invitationType: 'email',
      email: 'nora@example.com',
      phone: null,
    });
    expect(invitationBody({ invitationType: 'sms', ...contact })).toEqual({
      invitationType: 'sms',
      email: null,
      phone: '+15035550142',
    });
  });
});
