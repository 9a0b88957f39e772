/**
 * The local stand-in for Amazon SNS text messages, served by the local API server under `/_local/sms`:
 * - `POST /_local/sms/sns`: the SNS Query API's Publish, as much of it as functions/lib/sms.ts uses (the SDK is
 *   pointed here by AWS_ENDPOINT_URL_SNS, infra/local/env.ts), so the functions send texts with the same code as in
 *   AWS;
 * - `GET /_local/sms`: the outbox page a developer opens to read the texts (printed by `npm start`), newest first;
 * - `GET /_local/sms/messages`: the same texts as JSON, for tests.
 * Texts are kept in memory (the last OUTBOX_LIMIT), like the local mailbox: a restart empties both.
 */
import { randomUUID } from 'node:crypto';
import type { HttpAnswer } from './api-gateway';

export const SMS_OUTBOX_PATH = '/_local/sms';
/** Where the SNS client is pointed (AWS_ENDPOINT_URL_SNS = API URL + this path). */
export const SMS_SNS_ENDPOINT_PATH = `${SMS_OUTBOX_PATH}/sns`;
const OUTBOX_LIMIT = 500;

export interface OutboxText {
  messageId: string;
  phoneNumber: string;
  message: string;
  /** ISO date-time it was received. */
  at: string;
}

const outbox: OutboxText[] = [];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const escapeHtml = escapeXml;

function answer(status: number, contentType: string, body: string): HttpAnswer {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(body) };
}

function snsError(code: string, message: string): HttpAnswer {
  return answer(
    400,
    'text/xml',
    `<ErrorResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

/** SNS Publish to a phone number (E.164, as SNS requires); topics and other actions are not part of the stand-in. */
function publish(form: URLSearchParams): HttpAnswer {
  if (form.get('Action') !== 'Publish') return snsError('InvalidAction', `The local SNS stand-in only answers Publish`);
  const phoneNumber = form.get('PhoneNumber') ?? '';
  const message = form.get('Message') ?? '';
  if (!/^\+[1-9]\d{1,14}$/.test(phoneNumber)) return snsError('InvalidParameter', 'Invalid parameter: PhoneNumber');
  if (!message) return snsError('InvalidParameter', 'Invalid parameter: Message');
  const text: OutboxText = { messageId: randomUUID(), phoneNumber, message, at: new Date().toISOString() };
  outbox.unshift(text);
  outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
  return answer(
    200,
    'text/xml',
    `<PublishResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${text.messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
  );
}

/** Links in a text become clickable, so the invitation link can be followed from the page. */
function linkify(message: string): string {
  return escapeHtml(message).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function outboxPage(): HttpAnswer {
  const rows = outbox
    .map(
      (text) =>
        `<li><p><strong>To ${escapeHtml(text.phoneNumber)}</strong> <time datetime="${text.at}">${escapeHtml(text.at)}</time></p><p>${linkify(text.message)}</p></li>`,
    )
    .join('');
  return answer(
    200,
    'text/html; charset=utf-8',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local SMS outbox</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd;padding:.5rem 0}time{color:#555}</style>` +
      `</head><body><main><h1>Local SMS outbox</h1><p>Texts the functions sent through the local SNS stand-in, newest first.</p>` +
      (rows ? `<ol>${rows}</ol>` : '<p>No texts sent yet.</p>') +
      `</main></body></html>`,
  );
}

/** The answer for a `/_local/sms` request, or undefined for any other path. */
export function answerSmsOutbox(method: string, pathname: string, body: Buffer): HttpAnswer | undefined {
  if (pathname !== SMS_OUTBOX_PATH && !pathname.startsWith(`${SMS_OUTBOX_PATH}/`)) return undefined;
  const path = pathname.replace(/\/+$/, '');
  if (method === 'POST' && path === SMS_SNS_ENDPOINT_PATH) return publish(new URLSearchParams(body.toString('utf8')));
  if (method === 'GET' && path === SMS_OUTBOX_PATH) return outboxPage();
  if (method === 'GET' && path === `${SMS_OUTBOX_PATH}/messages`) {
    return answer(200, 'application/json', JSON.stringify({ messages: outbox }));
  }
  return answer(404, 'application/json', JSON.stringify({ message: 'Not Found' }));
}
