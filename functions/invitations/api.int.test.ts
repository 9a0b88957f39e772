/**
 * Invitations and consumer sign-up through the local API: the client's broker (or an admin; another broker gets 403)
 * invites a client by e-mail (the local mailbox) or SMS (the local SMS outbox) at the contact details on file; the
 * link validates with each of its messages (shared/invitations/api.ts); accepting creates exactly one account, of the
 * invited e-mail (two concurrent accepts: one wins, the other "This invitation has already been used"; another e-mail
 * is a 400), signs in as a consumer, links the client and uses the invitation; expired and used links are refused;
 * SES and SNS failures keep the invitation with the failure recorded.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { ACCEPT_LEASE_MS } from './data/invitations';
import { createMailer } from '@functions/lib/mailer';
import { createSmsSender } from '@functions/lib/sms';
import type { OutboxText } from '@infra/local/sms-outbox';
import { PASSWORD_MESSAGES } from '@shared/auth/schemas';
import type { ClientView } from '@shared/clients/api';
import type { ConsumerPortal } from '@shared/consumers/api';
import type { ApiErrorBody } from '@shared/errors';
import {
  ACCEPT_MESSAGES,
  CLIENT_ALREADY_LINKED_MESSAGE,
  EMAIL_CODE_LIFETIME_MINUTES,
  EMAIL_CODE_MAX_CHECKS,
  EMAIL_CODE_MESSAGES,
  type AcceptInvitationResponse,
  type CreateInvitationResponse,
  type EmailCodeResponse,
  type InvitationValidation,
} from '@shared/invitations/api';
import { INVITATION_MESSAGES, INVITATION_ON_FILE_MESSAGES } from '@shared/invitations/schemas';
import { CLIENT_NOT_YOURS_MESSAGE } from '@shared/auth/ownership';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { findRoute } from '@shared/api/routes';
import { TOO_MANY_REQUESTS_MESSAGE, senderLimitMessage } from '@functions/lib/rate-limit';
import {
  apiFetch,
  apiFetchFrom,
  claimsOf,
  cognito,
  createUser,
  getStack,
  ownLoopbackAddress,
  readMailbox,
  signIn,
  TEST_PASSWORD,
  waitForMail,
  type MailboxMessage,
} from '@test/support/stack';
import { cognitoConsumerAccounts } from './accounts';
import { emailCodeHash } from './email-codes';
import { sendInvitation } from './invitations';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const PASSWORD = 'Consumer-Pass-2026!';
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const errorOf = (body: unknown) => (body as ApiErrorBody).error;
const uniqueEmail = (prefix = 'invitee') => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
/** Letters only: client names allow no digits. */
const uniqueName = () =>
  `Invitee ${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

/** A unique US mobile number, so the local SMS outbox tells this file's texts apart. */
const uniquePhone = () => `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/** A client of the demo broker (its creator, so its broker). */
async function addClient(email = uniqueEmail(), phone: string | null = '+14155550123'): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token: as('broker'),
    body: { fullName: uniqueName(), email, phone },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const invite = (clientId: string, body: Record<string, unknown>, caller: SignedInCaller = 'broker') =>
  apiFetch<CreateInvitationResponse>(`/clients/${clientId}/invitations`, { token: as(caller), body });
/**
 * A public call from its own loopback address: the sign-up routes count requests per source (route table
 * `sourceLimit`), and this file's many calls must not use up the allowance of the suites calling from 127.0.0.1.
 */
function fromOwnSource<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const url = new URL(path, getStack().urls.api);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: payload ? 'POST' : 'GET',
        localAddress: `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`,
        headers: payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {},
      },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) as T }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const validate = (token: string) => fromOwnSource<InvitationValidation>(`/invitations/${token}`);
const accept = (token: string, body: Record<string, unknown>) =>
  fromOwnSource<AcceptInvitationResponse>(`/invitations/${token}/accept`, body);

/** The token of the newest invitation e-mail to `to`, read from the link in the local mailbox. */
async function tokenFromMailbox(to: string): Promise<string> {
  const mail = await waitForMail(to, (message) => (message.body.text ?? '').includes('/consumer-signup?token='));
  return /consumer-signup\?token=([A-Za-z0-9_-]+)/.exec(mail.body.text ?? '')![1]!;
}

async function invitedClient(email?: string) {
  const client = await addClient(email);
  const sent = await invite(client.id, { invitationType: 'email' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { client, token: await tokenFromMailbox(client.email!), sent: sent.body };
}

/** A client of the demo broker with an e-mail and a phone on file, invited by SMS; the token from the SMS outbox. */
async function smsInvited(): Promise<{ client: ClientView; phone: string; token: string }> {
  const phone = uniquePhone();
  const client = await addClient(uniqueEmail('texted'), phone);
  expect((await invite(client.id, { invitationType: 'sms' })).status).toBe(201);
  const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
  const token = /token=([A-Za-z0-9_-]+)/.exec(outbox.messages.find((message) => message.phoneNumber === phone)!.message)![1]!;
  return { client, phone, token };
}

const sendCode = (token: string) => fromOwnSource<EmailCodeResponse>(`/invitations/${token}/email-code`, {});

/** The code of the `count`-th code e-mail to `to` (waits for it: mail is delivered asynchronously). */
async function codeEmailed(to: string, count: number): Promise<string> {
  const codeOf = (message: MailboxMessage) => /verification code is (\d{6})/.exec(message.body.text ?? '')?.[1];
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        codes = (await readMailbox()).flatMap((message) =>
          message.destination.to.includes(to) && codeOf(message) ? [codeOf(message)!] : [],
        );
        return codes.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return codes.at(-1)!;
}

/** Any six digits but `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function cognitoUserExists(email: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: getStack().userPoolId, Username: email }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

describe('POST /clients/{id}/invitations', () => {
  it('e-mails the invitation with the sign-up link to the e-mail on file and says it was sent', async () => {
    const client = await addClient();

    const response = await invite(client.id, { invitationType: 'email' });

    expect(response.status).toBe(201);
    expectResponseKeys(response.body, {
      invitationId: true,
      invitationType: true,
      sentTo: true,
      validUntil: true,
      delivery: { status: true, error: true },
    });
    expect(response.body).toMatchObject({
      invitationType: 'email',
      sentTo: client.email,
      delivery: { status: 'sent', error: null },
    });
    // Valid for 7 days.
    const days = (Date.parse(response.body.validUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await waitForMail(client.email!);
    expect(mail.subject).toContain('invited you');
    expect(mail.body.text).toContain(`${getStack().urls.web}/consumer-signup?token=`);
  });

  it('texts the invitation to the phone on file (local SMS outbox); the link names the e-mail on file', async () => {
    const phone = uniquePhone();
    const client = await addClient(uniqueEmail(), phone);

    const response = await invite(client.id, { invitationType: 'sms' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ sentTo: phone, delivery: { status: 'sent', error: null } });
    const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
    const text = outbox.messages.find((message) => message.phoneNumber === phone);
    expect(text?.message).toMatch(/\/consumer-signup\?token=[A-Za-z0-9_-]{22}/);
    const token = /token=([A-Za-z0-9_-]+)/.exec(text!.message)![1]!;
    expect((await validate(token)).body).toMatchObject({
      valid: true,
      clientName: client.fullName,
      clientEmail: client.email,
      emailCodeRequired: true,
    });
  });

  it.each([
    [{ invitationType: 'email', email: 'someone.else@example.com' }, 'email'],
    [{ invitationType: 'sms', phone: '+14155550100' }, 'phone'],
  ])('refuses %j: invitations go to the contact details on file (400), and nothing is sent', async (body, field) => {
    const client = await addClient();

    const response = await invite(client.id, body);

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(INVITATION_ON_FILE_MESSAGES.contactInRequest);
    expect(errorOf(response.body).fields?.[field]).toBe(INVITATION_ON_FILE_MESSAGES.contactInRequest);
    expect(await createData().invitations.latestOfClient(client.id)).toBeNull();
  });

  it('refuses an SMS invitation to a client with no phone on file, naming the edit that fixes it', async () => {
    const client = await addClient(uniqueEmail(), null);

    const response = await invite(client.id, { invitationType: 'sms' });

    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toMatchObject({
      message: INVITATION_ON_FILE_MESSAGES.noPhone,
      fields: { invitationType: INVITATION_ON_FILE_MESSAGES.noPhone },
    });
  });

  it('sends to the contact details as edited (PATCH /clients/{id}), never to an address from the request', async () => {
    const client = await addClient();
    const edited = uniqueEmail('edited');
    const patched = await apiFetch<ClientView>(`/clients/${client.id}`, {
      token: as('broker'),
      method: 'PATCH',
      body: { email: edited },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const response = await invite(client.id, { invitationType: 'email' });

    expect(response.body.sentTo).toBe(edited);
    await waitForMail(edited);
  });

  it("is the client's broker's or an admin's: another broker gets 403 and nothing is stored or sent", async () => {
    const client = await addClient();

    const refused = await invite(client.id, { invitationType: 'email' }, 'otherBroker');

    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).message).toBe(CLIENT_NOT_YOURS_MESSAGE);
    expect(await createData().invitations.latestOfClient(client.id)).toBeNull();
    const byAdmin = await invite(client.id, { invitationType: 'email' }, 'admin');
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
  });

  it('is a 404 for a client that does not exist and refused to brokers who may not write', async () => {
    expect((await invite('01NOSUCHCLIENT', { invitationType: 'email' })).status).toBe(404);
    const client = await addClient();
    expect((await invite(client.id, { invitationType: 'email' }, 'pendingBroker')).status).toBe(403);
  });

  it('refuses to invite a client who already has a portal account', async () => {
    const response = await invite(principals.records.consumerClient, { invitationType: 'email' });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(CLIENT_ALREADY_LINKED_MESSAGE);
  });
});

describe('GET /invitations/{token}', () => {
  it('names the client of a valid link, and nothing else, to anyone holding it', async () => {
    const { client, token } = await invitedClient();

    const response = await validate(token);

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, { valid: true, error: true, clientName: true, clientEmail: true, emailCodeRequired: true });
    expect(response.body).toEqual({
      valid: true,
      error: null,
      clientName: client.fullName,
      clientEmail: client.email,
      emailCodeRequired: false,
    });
  });

  it('says invalid for a token that names no invitation, and gives no name', async () => {
    const response = await validate('AAAAAAAAAAAAAAAAAAAAAA');

    expect(response.body).toEqual({
      valid: false,
      error: 'invalid',
      clientName: null,
      clientEmail: null,
      emailCodeRequired: false,
    });
  });

  it('answers a malformed token with the "no longer valid" message', async () => {
    const response = await validate('not%20a%20token');

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(INVITATION_MESSAGES.invalid);
  });

  it('says expired for a link past its date, and accepting it is refused with the required message', async () => {
    const client = await addClient();
    const token = `expired${randomUUID().replace(/-/g, '')}`;
    await createData().invitations.create({
      token,
      id: randomUUID(),
      clientId: client.id,
      clientName: client.fullName,
      clientEmail: client.email!,
      invitationType: 'email',
      invitedBy: principals.of.broker.userId,
      sentTo: client.email!,
      status: 'pending',
      validUntil: new Date(Date.now() - 60_000).toISOString(),
      createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString(),
    });

    expect((await validate(token)).body).toEqual({
      valid: false,
      error: 'token_expired',
      clientName: null,
      clientEmail: null,
      emailCodeRequired: false,
    });
    const refused = await accept(token, { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(INVITATION_MESSAGES.expired);
    expect(await cognitoUserExists(client.email!)).toBe(false);
  });
});

describe('POST /invitations/{token}/accept', () => {
  it('creates the consumer account, links it to the client and uses the invitation; the consumer signs in to the portal', async () => {
    const { client, token } = await invitedClient();

    const response = await accept(token, { fullName: '', password: PASSWORD });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectResponseKeys(response.body, { userId: true, email: true });
    expect(response.body.email).toBe(client.email);
    const { idToken } = await signIn(client.email!, PASSWORD);
    expect(claimsOf(idToken)['cognito:groups']).toEqual(['consumer']);
    expect(claimsOf(idToken).sub).toBe(response.body.userId);
    const linked = await createData().clients.getByUser(response.body.userId);
    expect(linked?.id).toBe(client.id);
    const user = await createData().users.get(response.body.userId);
    expect(user).toMatchObject({ role: 'consumer', fullName: client.fullName, email: client.email });
    const portal = await apiFetch<ConsumerPortal>('/consumer/portal', { token: idToken });
    expect(portal.status).toBe(200);
    expect(portal.body.deals).toEqual([]);
    expect((await validate(token)).body).toEqual({
      valid: false,
      error: 'token_used',
      clientName: null,
      clientEmail: null,
      emailCodeRequired: false,
    });

    const again = await accept(token, { password: PASSWORD });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(INVITATION_MESSAGES.used);
  });

  it('gives exactly one account to two concurrent accepts; the other is told the invitation is used', async () => {
    const { client, token } = await invitedClient();

    const responses = await Promise.all([accept(token, { password: PASSWORD }), accept(token, { password: PASSWORD })]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const loser = responses.find((response) => response.status === 409)!;
    expect(errorOf(loser.body).message).toBe(INVITATION_MESSAGES.used);
    const winner = responses.find((response) => response.status === 201)!.body as AcceptInvitationResponse;
    expect(winner.email).toBe(client.email);
    expect((await createData().clients.get(client.id))?.userId).toBe(winner.userId);
  });

  it('makes the account of the invited e-mail only: another address is a 400, creates nothing and keeps the link', async () => {
    const { client, token } = await invitedClient();
    const other = uniqueEmail('not-invited');

    const refused = await accept(token, { email: other, password: PASSWORD });

    expect(refused.status).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({
      message: ACCEPT_MESSAGES.notInvitedEmail,
      fields: { email: ACCEPT_MESSAGES.notInvitedEmail },
    });
    expect(await cognitoUserExists(other)).toBe(false);
    expect((await validate(token)).body.valid).toBe(true);
    // The invited address in another case is the invited address.
    const accepted = await accept(token, { email: client.email!.toUpperCase(), password: PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.email).toBe(client.email);
  });

  it("makes an SMS invitation's account of the client's e-mail on file once its e-mailed code is given: e-mail and texted phone verified", async () => {
    const { client, phone, token } = await smsInvited();
    expect((await sendCode(token)).status).toBe(201);
    const code = await codeEmailed(client.email!, 1);

    const response = await accept(token, { password: PASSWORD, emailCode: code });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.email).toBe(client.email);
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: getStack().userPoolId, Username: client.email! }));
    // The code proved the address; the text proved the phone (a forgotten password's code may go to either).
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value).toBe('true');
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'phone_number')?.Value).toBe(phone);
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'phone_number_verified')?.Value).toBe('true');
    await signIn(client.email!, PASSWORD);
  });

  it.each([
    ['Short1!', PASSWORD_MESSAGES.minLength],
    ['alllowercase-2026!', PASSWORD_MESSAGES.uppercase],
    ['ALLUPPERCASE-2026!', PASSWORD_MESSAGES.lowercase],
    ['No-Digits-Here-At-All!', PASSWORD_MESSAGES.number],
    ['NoSpecial2026Chars', PASSWORD_MESSAGES.special],
  ])('refuses the password %j with %j and leaves the link valid', async (password, message) => {
    const { token } = await invitedClient();

    const response = await accept(token, { password });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(message);
    expect((await validate(token)).body.valid).toBe(true);
  });

  it('lets the consumer finish an accept that died after making the account: the next accept with that e-mail takes it over', async () => {
    const { client, token } = await invitedClient();
    const email = client.email!;
    // What a Lambda that died between the account and the final write leaves: its claim, past its lease, naming the
    // e-mail, and the Cognito account (made by the admin call, its password set, no user item in the table).
    const diedAt = new Date(Date.now() - ACCEPT_LEASE_MS - 5_000);
    expect(await createData().invitations.claim(token, 'died', diedAt, email)).toBe(true);
    const accounts = cognitoConsumerAccounts(cognito(), () => getStack().userPoolId);
    const left = await accounts.create({ email, fullName: client.fullName, password: 'Earlier-Pass-2026!', emailVerified: true });
    expect(left.created).toBe(true);

    const response = await accept(token, { password: PASSWORD });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.userId).toBe((left as { userId: string }).userId);
    const { idToken } = await signIn(email, PASSWORD);
    expect(claimsOf(idToken)['cognito:groups']).toEqual(['consumer']);
    expect((await createData().clients.get(client.id))?.userId).toBe(response.body.userId);
    expect((await validate(token)).body.error).toBe('token_used');
  });

  it("never takes over someone's account: an invited e-mail that had an account before the accept is refused", async () => {
    // A client whose e-mail on file is an account in use (it has its user item): the dealer's.
    const email = principals.of.dealer.email;
    const { token } = await invitedClient(email);
    expect(await createData().invitations.claim(token, 'died', new Date(Date.now() - ACCEPT_LEASE_MS - 5_000), email)).toBe(true);

    const response = await accept(token, { password: PASSWORD });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(ACCEPT_MESSAGES.accountExists);
    await expect(signIn(email, PASSWORD)).rejects.toThrow();
  });

  it('refuses an invited e-mail that already has an account and leaves the link valid for another try', async () => {
    const { token } = await invitedClient(principals.of.otherDealer.email);

    const response = await accept(token, { password: PASSWORD });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(ACCEPT_MESSAGES.accountExists);
    expect((await validate(token)).body.valid).toBe(true);
  });

  it('is a 404 with the "no longer valid" message for a token that names no invitation', async () => {
    const response = await accept('AAAAAAAAAAAAAAAAAAAAAA', { password: PASSWORD });

    expect(response.status).toBe(404);
    expect(errorOf(response.body).message).toBe(INVITATION_MESSAGES.invalid);
  });
});

describe('the e-mail code of an SMS invitation (POST /invitations/{token}/email-code)', () => {
  const perInvitation = findRoute('POST /invitations/{token}/email-code')!.senderLimit!;

  it("e-mails a code to the account's address; accepting needs it, a missing or wrong code is a 400 that creates nothing", async () => {
    const { client, token } = await smsInvited();
    const noneSent = await accept(token, { password: PASSWORD, emailCode: '123456' });
    const missing = await accept(token, { password: PASSWORD });

    const sent = await sendCode(token);

    expect(noneSent.status).toBe(400);
    expect(errorOf(noneSent.body)).toMatchObject({
      message: EMAIL_CODE_MESSAGES.notSent,
      fields: { emailCode: EMAIL_CODE_MESSAGES.notSent },
    });
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body)).toMatchObject({
      message: EMAIL_CODE_MESSAGES.required,
      fields: { emailCode: EMAIL_CODE_MESSAGES.required },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expectResponseKeys(sent.body, { sentTo: true, validUntil: true, delivery: { status: true, error: true } });
    expect(sent.body).toMatchObject({ sentTo: client.email, delivery: { status: 'sent', error: null } });
    const minutes = (Date.parse(sent.body.validUntil) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(EMAIL_CODE_LIFETIME_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(EMAIL_CODE_LIFETIME_MINUTES);
    const code = await codeEmailed(client.email!, 1);
    const stored = await createData().invitations.get(token);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrong = await accept(token, { password: PASSWORD, emailCode: otherThan(code) });
    const malformed = await accept(token, { password: PASSWORD, emailCode: '12ab' });

    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body)).toMatchObject({
      message: EMAIL_CODE_MESSAGES.wrong,
      fields: { emailCode: EMAIL_CODE_MESSAGES.wrong },
    });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body).message).toBe(EMAIL_CODE_MESSAGES.format);
    expect(await cognitoUserExists(client.email!)).toBe(false);
    expect((await validate(token)).body.valid).toBe(true);
    // Typed with a space in the middle, as read from the e-mail.
    const accepted = await accept(token, { password: PASSWORD, emailCode: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect((await sendCode(token)).status).toBe(409);
  });

  it('refuses an expired code (400), and a new code replaces the old one', async () => {
    const { client, token } = await smsInvited();
    expect((await sendCode(token)).status).toBe(201);
    const first = await codeEmailed(client.email!, 1);
    expect((await sendCode(token)).status).toBe(201);
    const second = await codeEmailed(client.email!, 2);
    // The first code is no longer the one (unless both drew the same six digits).
    if (first !== second) {
      const replaced = await accept(token, { password: PASSWORD, emailCode: first });
      expect(replaced.status).toBe(400);
      expect(errorOf(replaced.body).message).toBe(EMAIL_CODE_MESSAGES.wrong);
    }
    const invitation = (await createData().invitations.get(token))!;
    const expiredToken = `expiredcode${randomUUID().replace(/-/g, '')}`;
    await createData().invitations.create({
      ...invitation,
      token: expiredToken,
      id: randomUUID(),
      emailCodeHash: emailCodeHash(expiredToken, second),
      emailCodeValidUntil: new Date(Date.now() - 1_000).toISOString(),
    });

    const expired = await accept(expiredToken, { password: PASSWORD, emailCode: second });

    expect(expired.status).toBe(400);
    expect(errorOf(expired.body)).toMatchObject({
      message: EMAIL_CODE_MESSAGES.expired,
      fields: { emailCode: EMAIL_CODE_MESSAGES.expired },
    });
    expect(await cognitoUserExists(client.email!)).toBe(false);
  });

  it(`allows ${EMAIL_CODE_MAX_CHECKS} checks of one code, even concurrent ones; then even the right code needs a new one`, async () => {
    const { client, token } = await smsInvited();
    expect((await sendCode(token)).status).toBe(201);
    const code = await codeEmailed(client.email!, 1);

    const guesses = await Promise.all(
      Array.from({ length: EMAIL_CODE_MAX_CHECKS + 3 }, () => accept(token, { password: PASSWORD, emailCode: otherThan(code) })),
    );
    const right = await accept(token, { password: PASSWORD, emailCode: code });

    expect(guesses.map((guess) => guess.status)).toEqual(guesses.map(() => 400));
    const messages = guesses.map((guess) => errorOf(guess.body).message);
    expect(messages.filter((message) => message === EMAIL_CODE_MESSAGES.wrong)).toHaveLength(EMAIL_CODE_MAX_CHECKS);
    expect(messages.filter((message) => message === EMAIL_CODE_MESSAGES.tooManyChecks)).toHaveLength(3);
    expect(right.status).toBe(400);
    expect(errorOf(right.body).message).toBe(EMAIL_CODE_MESSAGES.tooManyChecks);
    expect((await sendCode(token)).status).toBe(201);
    const fresh = await codeEmailed(client.email!, 2);
    expect((await accept(token, { password: PASSWORD, emailCode: fresh })).status).toBe(201);
  });

  it('needs no code for an e-mail invitation: sending one is a 400 that says why', async () => {
    const { token } = await invitedClient();

    const response = await sendCode(token);

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(EMAIL_CODE_MESSAGES.notNeeded);
  });

  it("is the link's refusal for an unknown or expired link, and sends nothing", async () => {
    const unknown = await sendCode('AAAAAAAAAAAAAAAAAAAAAA');

    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).message).toBe(INVITATION_MESSAGES.invalid);
  });

  it(`sends at most ${perInvitation.requests} codes an hour per invitation: the next is 429 naming the limit`, async () => {
    const { client, token } = await smsInvited();
    for (let i = 0; i < perInvitation.requests; i++) expect((await sendCode(token)).status).toBe(201);

    const refused = await sendCode(token);

    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toBe(senderLimitMessage('codes', perInvitation));
    await codeEmailed(client.email!, perInvitation.requests);
  });
});

describe('POST /clients/{id}/invitations limits', () => {
  const perBroker = findRoute('POST /clients/{id}/invitations')!.senderLimit!;
  const perSource = findRoute('POST /clients/{id}/invitations')!.sourceLimit!;

  /** An approved, licensed broker of their own (the hourly allowance is theirs alone) and a client they created. */
  async function brokerWithClient(): Promise<{ token: string; clientId: string }> {
    const { email, userId } = await createUser('broker');
    await createData().users.registerBroker({ userId, email, fullName: 'Lena Limit' }, new Date(), {
      isApproved: true,
      isLicensed: true,
    });
    const token = (await signIn(email, TEST_PASSWORD)).idToken;
    const created = await apiFetch<ClientView>('/clients', {
      token,
      body: { fullName: uniqueName(), email: uniqueEmail('limited'), phone: uniquePhone() },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { token, clientId: created.body.id };
  }

  it(`sends at most ${perBroker.requests} invitations an hour per broker: the next is 429 naming the limit, nothing stored`, async () => {
    const { token, clientId } = await brokerWithClient();
    const source = ownLoopbackAddress();
    const send = (body: object) =>
      apiFetchFrom<CreateInvitationResponse & ApiErrorBody>(source, `/clients/${clientId}/invitations`, { token, body });
    // A refused request uses none of the allowance.
    expect((await send({ invitationType: 'email', email: uniqueEmail() })).status).toBe(400);

    const sent = [];
    for (let i = 0; i < perBroker.requests; i++) sent.push(await send({ invitationType: i % 2 ? 'sms' : 'email' }));
    const newest = await createData().invitations.latestOfClient(clientId);
    const refused = await send({ invitationType: 'email' });

    expect(sent.map((response) => response.status)).toEqual(Array(perBroker.requests).fill(201));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(senderLimitMessage('invitations', perBroker));
    expect(refused.body.error.message).toBe('You can send at most 30 invitations in an hour. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await createData().invitations.latestOfClient(clientId))?.id).toBe(newest?.id);
    // Another broker's allowance is their own.
    const other = await addClient();
    expect((await invite(other.id, { invitationType: 'email' })).status).toBe(201);
  });

  it(`takes at most ${perSource.requests} requests an hour from one source, whoever sends them`, async () => {
    const source = ownLoopbackAddress();
    const answers = [];
    for (let i = 0; i < perSource.requests; i++) {
      // A client that does not exist: counted (before anything else), nothing stored or sent.
      answers.push(
        await apiFetchFrom(source, '/clients/01NOSUCHCLIENT/invitations', {
          token: as('broker'),
          body: { invitationType: 'email' },
        }),
      );
    }

    const refused = await apiFetchFrom<ApiErrorBody>(source, '/clients/01NOSUCHCLIENT/invitations', {
      token: as('admin'),
      body: { invitationType: 'email' },
    });

    expect(answers.map((answer) => answer.status)).toEqual(Array(perSource.requests).fill(404));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(TOO_MANY_REQUESTS_MESSAGE);
  });
});

describe('a failed delivery keeps the invitation with the failure (SES and SNS failures injected)', () => {
  const ses = mockClient(SESv2Client);
  const sns = mockClient(SNSClient);
  afterEach(() => {
    ses.reset();
    sns.reset();
  });
  afterAll(() => {
    ses.restore();
    sns.restore();
  });

  const notifiers = () => ({
    mailer: createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com'),
    sms: createSmsSender(new SNSClient({ region: 'us-east-1' })),
    appUrl: 'https://app.example',
  });
  const broker = () => ({ userId: principals.of.broker.userId, email: principals.of.broker.email, role: 'broker' as const });

  it.each([
    ['email', { invitationType: 'email' as const }],
    ['sms', { invitationType: 'sms' as const }],
  ])('by %s', async (kind, contact) => {
    ses
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Daily sending quota exceeded'), { name: 'LimitExceededException' }));
    sns.on(PublishCommand).rejects(Object.assign(new Error('Phone number is opted out'), { name: 'InvalidParameterException' }));
    const client = await addClient();
    const data = createData();

    const result = await sendInvitation(broker(), client.id, contact, data, notifiers(), new Date());

    // SES's quota is temporary (the outbox retries it); SNS refusing the number is final.
    expect(result.delivery.status).toBe(kind === 'email' ? 'retrying' : 'failed');
    expect(result.delivery.error).toMatch(/LimitExceededException|InvalidParameterException/);
    const stored = await data.invitations.latestOfClient(client.id);
    expect(stored).toMatchObject({ id: result.invitationId, status: 'pending', deliveryStatus: result.delivery.status });
    expect(stored?.deliveryError).toBe(result.delivery.error);
    expect((await validate(stored!.token)).body.valid, 'a new send can follow; this link still works').toBe(true);
  });
});
