import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES, referralSchema, referralSentMessage } from './schemas';

const firstMessage = (input: unknown) => referralSchema.safeParse(input).error?.issues[0]?.message;

describe('referralSchema', () => {
  it("accepts a friend's name and e-mail, with an optional deal", () => {
    expect(referralSchema.parse({ fullName: ' Dana ', email: 'Dana@Example.com' })).toEqual({
      fullName: 'Dana',
      email: 'dana@example.com',
      dealId: null,
    });
    expect(referralSchema.parse({ fullName: 'Dana', email: 'dana@example.com', dealId: 'd1' }).dealId).toBe('d1');
  });

  it.each([
    [{ fullName: '', email: 'dana@example.com' }, "Please enter your friend's name"],
    [{ fullName: 'n'.repeat(101), email: 'dana@example.com' }, REFERRAL_MESSAGES.nameTooLong],
    [{ fullName: 'Dana', email: 'dana' }, 'Invalid email address'],
  ])('rejects %j with %j', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts a name of exactly 100 characters', () => {
    expect(referralSchema.safeParse({ fullName: 'n'.repeat(100), email: 'dana@example.com' }).success).toBe(true);
  });

  it('words the success toast', () => {
    expect(referralSentMessage('Dana')).toBe('Invitation sent to Dana.');
  });
});
