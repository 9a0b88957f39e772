import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from './http';
import { answerSmsOutbox, type OutboxText } from './sms-outbox';

/** The outbox behind a throwaway HTTP server, so the real SNS client talks to it as functions/lib/sms.ts does. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const answer = answerSmsOutbox(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname, body) ?? {
        status: 599,
        headers: {},
        body: Buffer.alloc(0),
      };
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sns = () =>
  new SNSClient({
    endpoint: `${base}/_local/sms/sns`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

describe('the local SNS stand-in', () => {
  it('answers the SDK Publish to a phone number and keeps the text in the outbox', async () => {
    const { MessageId } = await sns().send(
      new PublishCommand({ PhoneNumber: '+14155550142', Message: 'Join: http://x/y?token=abc' }),
    );

    const { messages } = (await (await fetch(`${base}/_local/sms/messages`)).json()) as { messages: OutboxText[] };
    expect(messages[0]).toMatchObject({
      messageId: MessageId,
      phoneNumber: '+14155550142',
      message: 'Join: http://x/y?token=abc',
    });
  });

  it('refuses a number that is not E.164 with an SNS error the SDK understands', async () => {
    await expect(sns().send(new PublishCommand({ PhoneNumber: '4155550142', Message: 'Hi' }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('shows the texts on a page, escaped, with their links clickable', async () => {
    await sns().send(
      new PublishCommand({ PhoneNumber: '+14155550143', Message: '<b>Hi</b> https://app.example/consumer-signup?token=t1' }),
    );

    const page = await (await fetch(`${base}/_local/sms`)).text();

    expect(page).toContain('Local SMS outbox');
    expect(page).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(page).toContain('<a href="https://app.example/consumer-signup?token=t1">');
  });

  it('leaves every other path to the API', () => {
    expect(answerSmsOutbox('GET', '/deals', Buffer.alloc(0))).toBeUndefined();
    expect(answerSmsOutbox('GET', '/_local/smsx', Buffer.alloc(0))).toBeUndefined();
  });
});
