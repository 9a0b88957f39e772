import { describe, expect, it, vi } from 'vitest';
import { ACCEPT_MESSAGES, EMAIL_CODE_MESSAGES } from '@shared/invitations/api';
import { INVITATION_MESSAGES } from '@shared/invitations/schemas';
import type { Client } from '@functions/domain/clients/clients';
import type { Invitation } from './data/invitations';
import type { ConsumerAccounts } from './accounts';
import { CLIENT_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import { CLIENT_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { INVITATION_ON_FILE_MESSAGES } from '@shared/invitations/schemas';
import type { Identity } from '@functions/lib/auth-context';
import type { Allowance } from '@functions/lib/rate-limit';
import { acceptInvitation } from './acceptance';
import { emailCodeHash } from './email-codes';
import { invitationMessage, invitationState, newInvitationToken, sendInvitation, signupLink } from './invitations';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const invitation = (changes: Partial<Invitation> = {}): Invitation => ({
  token: 'tok',
  id: 'inv-1',
  clientId: 'client-1',
  clientName: 'Casey Jordan',
  clientEmail: 'casey@example.com',
  invitationType: 'email',
  invitedBy: 'broker-1',
  sentTo: 'casey@example.com',
  status: 'pending',
  validUntil: later(3_600_000),
  createdAt: NOW.toISOString(),
  ...changes,
});
const client = (changes: Partial<Client> = {}): Client => ({
  id: 'client-1',
  fullName: 'Casey Jordan',
  email: 'casey@example.com',
  profileId: 'broker-1',
  createdAt: NOW.toISOString(),
  ...changes,
});

describe('invitationState', () => {
  it('reads a pending link of an unlinked client before its date as valid', () => {
    expect(invitationState(invitation(), client(), NOW)).toBe('valid');
  });

  it.each([
    ['no invitation', null, client(), 'invalid'],
    ['a used invitation', invitation({ status: 'used' }), client(), 'token_used'],
    ['an accept in progress', invitation({ status: 'accepting', claimedUntil: later(30_000) }), client(), 'token_used'],
    ['a link past its date', invitation({ validUntil: later(-1) }), client(), 'token_expired'],
    ['a link at its exact end', invitation({ validUntil: NOW.toISOString() }), client(), 'token_expired'],
    ['a deleted client', invitation(), null, 'invalid'],
    ['a client linked through another invitation', invitation(), client({ userId: 'consumer-9' }), 'token_used'],
    [
      'an SMS invitation naming no e-mail for the account',
      invitation({ invitationType: 'sms', sentTo: '+14155552671', clientEmail: undefined }),
      client(),
      'invalid',
    ],
  ] as const)('reads %s as %s', (_name, inv, owner, state) => {
    expect(invitationState(inv, owner, NOW)).toBe(state);
  });

  it('lets an abandoned accept (its lease ran out) be taken over', () => {
    expect(invitationState(invitation({ status: 'accepting', claimedUntil: later(-1) }), client(), NOW)).toBe('valid');
  });

  it('reads used before expired: a used link says so even after its date', () => {
    expect(invitationState(invitation({ status: 'used', validUntil: later(-1) }), client(), NOW)).toBe('token_used');
  });
});

describe('the invitation message', () => {
  it('carries 128 random bits as a 22-character base64url token, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, newInvitationToken));

    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('names the inviter, links to /consumer-signup with the token and says until when it is valid', () => {
    const link = signupLink('https://app.leasedesk.com', 'abc_-1');
    const message = invitationMessage({
      clientName: 'Casey Jordan',
      inviterName: 'Dana Broker',
      link,
      validUntil: '2026-03-17T12:00:00.000Z',
    });

    expect(link).toBe('https://app.leasedesk.com/consumer-signup?token=abc_-1');
    expect(message.subject).toContain('Dana Broker');
    expect(message.text).toContain('Hello Casey Jordan');
    expect(message.text).toContain(link);
    expect(message.text).toContain('03/17/2026');
    expect(message.sms).toContain(link);
    expect(message.sms.length).toBeLessThan(320);
  });
});

describe('acceptInvitation: the account is never left behind', () => {
  function fakes(
    options: {
      claim?: boolean;
      finalize?: 'accepted' | 'claim-lost' | 'client-linked';
      create?: unknown;
      stored?: Partial<Invitation>;
    } = {},
  ) {
    const store = {
      get: vi.fn(async () => invitation(options.stored)),
      claim: vi.fn(async () => options.claim ?? true),
      release: vi.fn(async () => undefined),
      finalize: vi.fn(async () => options.finalize ?? 'accepted'),
      takeEmailCodeCheck: vi.fn(async () => true),
    };
    const accounts: ConsumerAccounts = {
      create: vi.fn(async () => (options.create ?? { created: true, userId: 'new-user' }) as never),
      adopt: vi.fn(async () => ({ created: true, userId: 'left-behind' }) as const),
      delete: vi.fn(async () => undefined),
    };
    const users = { get: vi.fn(async () => null) };
    const data = { invitations: store, clients: { get: vi.fn(async () => client()) }, users } as never;
    return { store, accounts, data, users };
  }
  const form = { fullName: null, password: 'Str0ng!Passw0rd' };

  it('creates the account after the claim and finalizes with the client name when no name was given', async () => {
    const { store, accounts, data } = fakes();

    const result = await acceptInvitation('tok', form, data, accounts, NOW);

    expect(result).toEqual({ userId: 'new-user', email: 'casey@example.com' });
    expect(accounts.create).toHaveBeenCalledWith({
      email: 'casey@example.com',
      fullName: 'Casey Jordan',
      password: form.password,
      emailVerified: true,
      verifiedPhone: null,
    });
    expect(store.finalize).toHaveBeenCalledWith(
      expect.objectContaining({ token: 'tok' }),
      expect.any(String),
      { userId: 'new-user', fullName: 'Casey Jordan', email: 'casey@example.com' },
      NOW,
    );
    expect(accounts.delete).not.toHaveBeenCalled();
  });

  it('refuses an e-mail other than the invited one (400) before claiming or creating anything', async () => {
    const { store, accounts, data } = fakes();

    await expect(
      acceptInvitation('tok', { ...form, email: 'someone.else@example.com' }, data, accounts, NOW),
    ).rejects.toMatchObject({ status: 400, message: ACCEPT_MESSAGES.notInvitedEmail });
    expect(store.claim).not.toHaveBeenCalled();
    expect(accounts.create).not.toHaveBeenCalled();
  });

  it('accepts the invited e-mail given by an older page, whatever its case', async () => {
    const { accounts, data } = fakes();

    const result = await acceptInvitation('tok', { ...form, email: 'Casey@Example.COM' }, data, accounts, NOW);

    expect(result.email).toBe('casey@example.com');
  });

  it("makes an SMS invitation's account of the client's e-mail on file once its e-mailed code is right: e-mail and phone verified", async () => {
    const sms = {
      invitationType: 'sms',
      sentTo: '(415) 555-2671',
      clientEmail: 'casey.sms@example.com',
      emailCodeHash: emailCodeHash('tok', '042042'),
      emailCodeValidUntil: later(60_000),
    } as const;
    const { accounts, data } = fakes({ stored: sms });

    const result = await acceptInvitation('tok', { ...form, emailCode: '042042' }, data, accounts, NOW);

    expect(result.email).toBe('casey.sms@example.com');
    expect(accounts.create).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'casey.sms@example.com', emailVerified: true, verifiedPhone: '+14155552671' }),
    );
  });

  it.each([
    ['no code', undefined, {}, EMAIL_CODE_MESSAGES.required],
    ['no code sent', '042042', { emailCodeHash: undefined }, EMAIL_CODE_MESSAGES.notSent],
    ['an expired code', '042042', { emailCodeValidUntil: later(-1) }, EMAIL_CODE_MESSAGES.expired],
    ['a wrong code', '042043', {}, EMAIL_CODE_MESSAGES.wrong],
  ])(
    "refuses an SMS invitation's accept with %s (400 on emailCode), before any claim or account",
    async (_, code, stored, message) => {
      const { store, accounts, data } = fakes({
        stored: {
          invitationType: 'sms',
          sentTo: '+14155552671',
          clientEmail: 'casey.sms@example.com',
          emailCodeHash: emailCodeHash('tok', '042042'),
          emailCodeValidUntil: later(60_000),
          ...stored,
        },
      });

      await expect(acceptInvitation('tok', { ...form, emailCode: code }, data, accounts, NOW)).rejects.toMatchObject({
        status: 400,
        message,
        fields: { emailCode: message },
      });
      expect(store.claim).not.toHaveBeenCalled();
      expect(accounts.create).not.toHaveBeenCalled();
    },
  );

  it('creates no account when another accept holds the claim, and says the invitation is used', async () => {
    const { accounts, data } = fakes({ claim: false });

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toMatchObject({
      status: 409,
      message: INVITATION_MESSAGES.used,
    });
    expect(accounts.create).not.toHaveBeenCalled();
  });

  it('gives the claim back when the e-mail already has an account', async () => {
    const { store, accounts, data } = fakes({ create: { created: false, reason: 'exists' } });

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toMatchObject({
      status: 409,
      message: ACCEPT_MESSAGES.accountExists,
    });
    expect(store.release).toHaveBeenCalledWith('tok', expect.any(String), { accountMayExist: false });
    expect(store.finalize).not.toHaveBeenCalled();
    expect(accounts.adopt).not.toHaveBeenCalled();
  });

  it('claims with the e-mail whose account it is about to create', async () => {
    const { store, accounts, data } = fakes();

    await acceptInvitation('tok', form, data, accounts, NOW);

    expect(store.claim).toHaveBeenCalledWith('tok', expect.any(String), NOW, 'casey@example.com');
  });

  it('takes over the account an interrupted accept of this invitation left for the same e-mail, and finalizes with it', async () => {
    const { store, accounts, data, users } = fakes({
      create: { created: false, reason: 'exists' },
      stored: { status: 'accepting', claimedUntil: later(-1), accountEmail: 'casey@example.com' },
    });

    const result = await acceptInvitation('tok', form, data, accounts, NOW);

    expect(result).toEqual({ userId: 'left-behind', email: 'casey@example.com' });
    expect(accounts.adopt).toHaveBeenCalledWith(expect.objectContaining({ email: 'casey@example.com', password: form.password }));
    // Only an account nobody uses is taken: the check asks the table for a user item.
    const { isUnclaimed } = vi.mocked(accounts.adopt).mock.calls[0]![0];
    await expect(isUnclaimed('left-behind')).resolves.toBe(true);
    users.get.mockResolvedValueOnce({ userId: 'left-behind' } as never);
    await expect(isUnclaimed('left-behind')).resolves.toBe(false);
    expect(store.finalize).toHaveBeenCalledWith(
      expect.anything(),
      expect.any(String),
      expect.objectContaining({ userId: 'left-behind' }),
      NOW,
    );
  });

  it("never takes over an existing account for another e-mail than the interrupted accept's", async () => {
    const { accounts, data } = fakes({
      create: { created: false, reason: 'exists' },
      stored: { accountEmail: 'someone.else@example.com' },
    });

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toMatchObject({
      status: 409,
      message: ACCEPT_MESSAGES.accountExists,
    });
    expect(accounts.adopt).not.toHaveBeenCalled();
  });

  it('keeps the e-mail for the next accept when the account it found cannot be taken over', async () => {
    const { store, accounts, data } = fakes({
      create: { created: false, reason: 'exists' },
      stored: { accountEmail: 'casey@example.com' },
    });
    vi.mocked(accounts.adopt).mockResolvedValueOnce({ created: false, reason: 'invalid-password' });

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toMatchObject({ status: 400 });
    expect(store.release).toHaveBeenCalledWith('tok', expect.any(String), { accountMayExist: true });
  });

  it('gives the claim back when creating the account fails', async () => {
    const { store, accounts, data } = fakes();
    vi.mocked(accounts.create).mockRejectedValueOnce(new Error('Cognito is down'));

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toThrow('Cognito is down');
    // Cognito may have made the account before failing to answer: the next accept may take it over.
    expect(store.release).toHaveBeenCalledWith('tok', expect.any(String), { accountMayExist: true });
  });

  it.each(['claim-lost', 'client-linked'] as const)('deletes the new account when the final write finds %s', async (outcome) => {
    const { accounts, data } = fakes({ finalize: outcome });

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toMatchObject({ status: 409 });
    expect(accounts.delete).toHaveBeenCalledWith('new-user');
  });

  it('deletes the new account and releases the claim when the final write throws', async () => {
    const { store, accounts, data } = fakes();
    store.finalize.mockRejectedValueOnce(new Error('throttled'));

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toThrow('throttled');
    expect(accounts.delete).toHaveBeenCalledWith('new-user');
    expect(store.release).toHaveBeenCalled();
  });

  it('answers success when the final write threw but had committed (its answer lost): the account is kept', async () => {
    const { store, accounts, data } = fakes();
    store.finalize.mockRejectedValueOnce(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }));
    store.get.mockResolvedValueOnce(invitation()).mockResolvedValueOnce(invitation({ status: 'used', usedBy: 'new-user' }));

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).resolves.toEqual({
      userId: 'new-user',
      email: 'casey@example.com',
    });
    expect(store.get).toHaveBeenLastCalledWith('tok', { consistent: true });
    expect(accounts.delete).not.toHaveBeenCalled();
    expect(store.release).not.toHaveBeenCalled();
  });

  it('keeps the account for the next accept to finish when it cannot be deleted (resumable)', async () => {
    const { store, accounts, data } = fakes();
    store.finalize.mockRejectedValueOnce(new Error('throttled'));
    vi.mocked(accounts.delete).mockRejectedValueOnce(new Error('Cognito down'));

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toThrow('throttled');
    expect(store.release).toHaveBeenCalledWith('tok', expect.any(String), { accountMayExist: true });
  });

  it('never deletes an account whose final write may have committed: the invitation is unreadable too', async () => {
    const { store, accounts, data } = fakes();
    store.finalize.mockRejectedValueOnce(new Error('throttled'));
    store.get.mockResolvedValueOnce(invitation()).mockRejectedValueOnce(new Error('throttled again'));

    await expect(acceptInvitation('tok', form, data, accounts, NOW)).rejects.toThrow('throttled');
    expect(accounts.delete).not.toHaveBeenCalled();
    expect(store.release).toHaveBeenCalledWith('tok', expect.any(String), { accountMayExist: true });
  });
});

describe("sendInvitation: the client's broker or an admin, to the contact details on file", () => {
  const owner: Identity = { userId: 'broker-1', email: 'owner@leasedesk.com', role: 'broker' };
  function fakes(stored: Partial<Client> = { phone: '+14155552671' }, ownBook = false) {
    const invitations = { create: vi.fn(async (item: Invitation) => item), recordDelivery: vi.fn(async () => undefined) };
    const senders = { take: vi.fn(async (): Promise<Allowance> => ({ allowed: true })) };
    const data = {
      invitations,
      clients: { get: vi.fn(async () => client(stored)) },
      users: { get: vi.fn(async () => null), getBrokerProfile: vi.fn(async () => ({ fullName: 'Dana Broker' })) },
      senders,
      settings: { ownBook: vi.fn(async () => ownBook) },
      // The invitation's message (functions/lib/outbox.ts): written with it, then removed once sent.
      outbox: {
        remove: vi.fn(async () => undefined),
        markRecord: vi.fn(async () => undefined),
        reschedule: vi.fn(async () => undefined),
      },
    } as never;
    const notifiers = {
      mailer: { sendEmail: vi.fn(async () => ({ ok: true, messageId: 'm1' }) as const) },
      sms: { sendSms: vi.fn(async () => ({ ok: true, messageId: 's1' }) as const) },
      appUrl: 'https://app.example',
    };
    return { data, invitations, notifiers, senders };
  }

  it.each([
    ['email', 'casey@example.com', 'sendEmail'],
    ['sms', '+14155552671', 'sendSms'],
  ] as const)('sends by %s to the %s on file, with the e-mail on file naming the account', async (type, sentTo, sender) => {
    const { data, invitations, notifiers } = fakes();

    const result = await sendInvitation(owner, 'client-1', { invitationType: type }, data, notifiers, NOW);

    expect(result.sentTo).toBe(sentTo);
    expect(invitations.create).toHaveBeenCalledWith(
      expect.objectContaining({ sentTo, clientEmail: 'casey@example.com', invitedBy: 'broker-1' }),
      expect.objectContaining({ channel: type, to: sentTo }),
    );
    const send = sender === 'sendEmail' ? notifiers.mailer.sendEmail : notifiers.sms.sendSms;
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: sentTo }));
  });

  it('lets an admin invite any client', async () => {
    const { data, notifiers } = fakes();
    const admin: Identity = { userId: 'admin-1', email: 'admin@leasedesk.com', role: 'admin' };

    await expect(sendInvitation(admin, 'client-1', { invitationType: 'email' }, data, notifiers, NOW)).resolves.toMatchObject({
      sentTo: 'casey@example.com',
    });
  });

  it("counts the invitation against the broker's hourly allowance, once it is known to go out", async () => {
    const { data, notifiers, senders } = fakes();

    await sendInvitation(owner, 'client-1', { invitationType: 'email' }, data, notifiers, NOW);

    expect(senders.take).toHaveBeenCalledWith(
      'POST /clients/{id}/invitations',
      'broker-1',
      { requests: 30, windowSeconds: 3600 },
      NOW,
    );
  });

  it('refuses a broker past the allowance with 429 (the limit in words, Retry-After) and stores and sends nothing', async () => {
    const { data, invitations, notifiers, senders } = fakes();
    senders.take.mockResolvedValueOnce({ allowed: false, retryAfterSeconds: 1200 });

    await expect(sendInvitation(owner, 'client-1', { invitationType: 'email' }, data, notifiers, NOW)).rejects.toMatchObject({
      status: 429,
      message: 'You can send at most 30 invitations in an hour. Please try again later.',
      retryAfterSeconds: 1200,
    });
    expect(invitations.create).not.toHaveBeenCalled();
    expect(notifiers.mailer.sendEmail).not.toHaveBeenCalled();
  });

  it('refuses another broker with 403 and stores nothing, before saying anything about the client', async () => {
    const { data, invitations, notifiers, senders } = fakes({ userId: 'consumer-1' });
    const other: Identity = { userId: 'broker-2', email: 'other@leasedesk.com', role: 'broker' };

    await expect(sendInvitation(other, 'client-1', { invitationType: 'email' }, data, notifiers, NOW)).rejects.toMatchObject({
      status: 403,
      message: CLIENT_NOT_YOURS_MESSAGE,
    });
    expect(invitations.create).not.toHaveBeenCalled();
    expect(senders.take).not.toHaveBeenCalled();
  });

  it('in own book, tells another broker the client does not exist (404) and stores nothing; its owner still invites', async () => {
    const { data, invitations, notifiers, senders } = fakes({ phone: '+14155552671' }, true);
    const other: Identity = { userId: 'broker-2', email: 'other@leasedesk.com', role: 'broker' };

    await expect(sendInvitation(other, 'client-1', { invitationType: 'email' }, data, notifiers, NOW)).rejects.toMatchObject({
      status: 404,
      message: CLIENT_NOT_FOUND_MESSAGE,
    });
    expect(invitations.create).not.toHaveBeenCalled();
    expect(senders.take).not.toHaveBeenCalled();
    await expect(sendInvitation(owner, 'client-1', { invitationType: 'email' }, data, notifiers, NOW)).resolves.toMatchObject({
      sentTo: 'casey@example.com',
    });
  });

  it('refuses a channel with nothing on file (400 on the channel) and sends nothing', async () => {
    const { data, invitations, notifiers } = fakes({ phone: undefined });

    await expect(sendInvitation(owner, 'client-1', { invitationType: 'sms' }, data, notifiers, NOW)).rejects.toMatchObject({
      status: 400,
      message: INVITATION_ON_FILE_MESSAGES.noPhone,
      fields: { invitationType: INVITATION_ON_FILE_MESSAGES.noPhone },
    });
    expect(invitations.create).not.toHaveBeenCalled();
    expect(notifiers.sms.sendSms).not.toHaveBeenCalled();
  });
});
