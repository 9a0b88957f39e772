/**
 * Notifications that must happen, with SES or SNS failing (docs/architecture.md, "Faults: outside services failing";
 * the outbox of functions/lib/outbox.ts): the invitation is saved with its message in the outbox, the answer says the
 * message will be sent, and the retry-notifications job sends it once the provider works again, once. The job's claim
 * keeps two runs from sending one message twice, and a message that never goes out is given up with the alert line.
 */
import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as invitationsHandler } from '@functions/invitations/handler';
import { invitationDeliveryRecord } from '@functions/invitations/data/invitation';
import { createData } from '@infra/data/create-data';
import { commit } from '@functions/lib/data/transactions';
import type { OutboxMessage } from '@functions/lib/data/outbox-store';
import { createMailer } from '@functions/lib/mailer';
import { newOutboxMessage, NOTIFICATION_GIVEN_UP, OUTBOX_POLICY, retryDue } from '@functions/lib/outbox';
import { createSmsSender } from '@functions/lib/sms';
import type { OutboxText } from '@infra/local/sms-outbox';
import type { ClientView } from '@shared/clients/api';
import type { CreateInvitationResponse } from '@shared/invitations/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, getStack, readMailbox, waitForMail } from '@test/support/stack';
import { awsError, invokeRoute } from './support';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

/** Letters only: client names allow no digits. */
const uniqueName = () =>
  `Outbox ${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

async function addClient(): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token: principals.tokenOf('broker'),
    body: { fullName: uniqueName(), email: `outbox.${randomUUID().slice(0, 8)}@example.com`, phone: '+14155550123' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const invite = (client: ClientView, invitationType: 'email' | 'sms') =>
  invokeRoute<CreateInvitationResponse>(invitationsHandler, 'POST /clients/{id}/invitations', {
    principals,
    caller: 'broker',
    params: { id: client.id },
    // To the contact on file (the client's e-mail and phone, set in addClient); the caller is the client's owner.
    body: { invitationType },
  });

/** The outbox message of an invitation (one Query of the due index, far enough ahead to see every message). */
async function outboxMessageOf(token: string): Promise<OutboxMessage | undefined> {
  const due = await createData().outbox.listDue(new Date(Date.now() + 24 * 3_600_000), 1_000);
  return due.find((message) => message.record?.pk === invitationDeliveryRecord(token).pk);
}

/** One run of the retry job as it runs in AWS (real SES and SNS clients: the test stack's), after the first backoff. */
const runJob = () =>
  retryDue({ outbox: createData().outbox, senders: { mailer: createMailer(), sms: createSmsSender() } }, () => {
    return new Date(Date.now() + 3 * 60_000);
  });

const textsTo = async (phone: string, token: string) => {
  const outbox = (await (await fetch(`${getStack().urls.smsOutbox}/messages`)).json()) as { messages: OutboxText[] };
  return outbox.messages.filter((text) => JSON.stringify(text).includes(token) && JSON.stringify(text).includes(phone.slice(-7)));
};

describe('SES refusing an invitation e-mail', () => {
  it('saves the invitation with its e-mail in the outbox, says it will be sent, and the job sends it once SES works, once', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(awsError('LimitExceededException', 'Daily message quota exceeded'));
    const client = await addClient();

    const answer = await invite(client, 'email').finally(() => ses.restore());

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.delivery).toEqual({ status: 'retrying', error: 'LimitExceededException: Daily message quota exceeded' });
    const invitation = (await createData().invitations.latestOfClient(client.id))!;
    expect(invitation).toMatchObject({ status: 'pending', deliveryStatus: 'retrying' });
    const message = await outboxMessageOf(invitation.token);
    expect(message).toMatchObject({ channel: 'email', to: client.email, attempts: 1, state: 'pending' });

    await runJob();

    const mail = await waitForMail(client.email!, (m) => (m.body.text ?? '').includes(invitation.token));
    expect(mail.subject).toContain('invited you');
    expect(await createData().invitations.get(invitation.token)).toMatchObject({ deliveryStatus: 'sent' });
    expect(await createData().outbox.get(message!.id)).toBeNull();

    await runJob();
    const sent = (await readMailbox()).filter((m) => (m.body.text ?? '').includes(invitation.token));
    expect(sent, 'sent exactly once').toHaveLength(1);
  });
});

describe('SNS down for an SMS invitation', () => {
  it('saves the invitation with its text in the outbox, and the job texts it once SNS is back', async () => {
    const sns = mockClient(SNSClient);
    sns.on(PublishCommand).rejects(awsError('InternalErrorException', 'Internal service error', 500));
    const client = await addClient();

    const answer = await invite(client, 'sms').finally(() => sns.restore());

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.delivery.status).toBe('retrying');
    const invitation = (await createData().invitations.latestOfClient(client.id))!;
    expect(await textsTo(client.phone!, invitation.token)).toEqual([]);
    expect(await outboxMessageOf(invitation.token)).toMatchObject({ channel: 'sms', attempts: 1 });

    await runJob();

    expect(await textsTo(client.phone!, invitation.token)).toHaveLength(1);
    expect(await createData().invitations.get(invitation.token)).toMatchObject({ deliveryStatus: 'sent' });
    expect(await outboxMessageOf(invitation.token)).toBeUndefined();
  });
});

describe('the retry job', () => {
  /** An invitation record with a message due now, as a request that failed to send leaves them. */
  async function dueMessage(attempts: number): Promise<{ token: string; message: OutboxMessage }> {
    const data = createData();
    const token = randomUUID().replace(/-/g, '');
    const now = new Date();
    await data.invitations.create({
      token,
      id: randomUUID(),
      clientId: 'no-client',
      clientName: 'Nobody',
      invitationType: 'email',
      invitedBy: principals.of.broker.userId,
      sentTo: 'nobody@example.com',
      status: 'pending',
      deliveryStatus: 'retrying',
      validUntil: new Date(now.getTime() + 86_400_000).toISOString(),
      createdAt: now.toISOString(),
    });
    const message = {
      ...newOutboxMessage(
        { channel: 'email', to: 'nobody@example.com', subject: 's', text: 't', record: invitationDeliveryRecord(token) },
        now,
      ),
      attempts,
      dueAt: new Date(now.getTime() - 1_000).toISOString(),
    };
    expect(await commit([data.outbox.putTransaction(message)])).toEqual({ ok: true });
    return { token, message };
  }
  const mine = (id: string) => (message: { id?: string; to: string }) => message.to === 'nobody@example.com' || message.id === id;

  it('sends a message once when two runs overlap: each attempt is claimed first', async () => {
    const { message } = await dueMessage(1);
    const sendEmail = vi.fn(async (_email: { to: string }) => ({ ok: true as const, messageId: 'm' }));
    const run = () => retryDue({ outbox: createData().outbox, senders: { mailer: { sendEmail } } }, () => new Date());

    await Promise.all([run(), run(), run()]);

    expect(sendEmail.mock.calls.map(([email]) => email).filter(mine(message.id))).toHaveLength(1);
    expect(await createData().outbox.get(message.id)).toBeNull();
  });

  it('gives a message up after its last attempt: the record reads failed and the alert line is logged', async () => {
    const { token, message } = await dueMessage(OUTBOX_POLICY.maxAttempts - 1);
    const sendEmail = vi.fn(async () => ({ ok: false as const, error: 'ServiceUnavailable: SES is down', retryable: true }));
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

    await retryDue({ outbox: createData().outbox, senders: { mailer: { sendEmail } }, log }, () => new Date());

    expect(log.error).toHaveBeenCalledWith(NOTIFICATION_GIVEN_UP, expect.objectContaining({ outboxId: message.id }));
    expect(await createData().invitations.get(token)).toMatchObject({
      deliveryStatus: 'failed',
      deliveryError: 'ServiceUnavailable: SES is down',
    });
    expect(await createData().outbox.get(message.id)).toMatchObject({ state: 'failed', attempts: OUTBOX_POLICY.maxAttempts });
    const due = await createData().outbox.listDue(new Date(Date.now() + 24 * 3_600_000), 1_000);
    expect(
      due.map((item) => item.id),
      'out of the due index: never tried again',
    ).not.toContain(message.id);
  });
});
