/**
 * E-mail through SES v2. A business write never depends on a notification: `sendEmail` never throws; a
 * failure is logged (without the body) and returned so the caller can record it.
 *
 * The SES SDK is imported on the first e-mail, not with the module, so routes that send none do not load it.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { UNICODE_LINE_SEPARATORS } from './html';
import { lazy } from './lazy';
import { logger } from './logger';

const sesSdk = lazy(() => import('@aws-sdk/client-sesv2'));

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (SES v2 simple content attachments), e.g. a task's calendar file. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  fileName: string;
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
}

/**
 * `retryable`: whether sending the same message again later may work (the service throttled, failed or was
 * unreachable), as opposed to the provider refusing this very message (a rejected address, an invalid number).
 */
export type SendResult = { ok: true; messageId: string | undefined } | { ok: false; error: string; retryable: boolean };

/** SES's and SNS's refusals of the message itself: sending it again cannot help. */
const REFUSALS = new Set([
  'MessageRejected',
  'BadRequestException',
  'InvalidParameterException',
  'InvalidParameterValueException',
  'ValidationException',
]);

/** The failure of a send, for the caller to record (and the outbox to retry unless the message was refused). */
export function sendFailure(error: unknown): { ok: false; error: string; retryable: boolean } {
  const name = error instanceof Error ? error.name : '';
  return {
    ok: false,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    retryable: !REFUSALS.has(name),
  };
}

/**
 * The message as it is sent (docs/security.md, "E-mail and calendar text"): no raw U+2028 or U+2029, which some
 * mail readers take for a line break and scripts for a string's end. The subject is one line (they, and any line
 * break, become a space), the text keeps them as line breaks, the HTML as character references (the same ones
 * html.ts `escapeHtml` writes, for HTML built without it).
 */
export function sendable(email: Email): Email {
  return {
    ...email,
    subject: email.subject.replace(/\r\n|[\r\n\u2028\u2029]/g, ' '),
    text: email.text.replace(UNICODE_LINE_SEPARATORS, '\n'),
    ...(email.html === undefined
      ? {}
      : { html: email.html.replace(UNICODE_LINE_SEPARATORS, (separator) => `&#${separator.charCodeAt(0)};`) }),
  };
}

export function createMailer(client?: SESv2Client, from: () => string = () => config.mailFrom) {
  const getClient = lazy(async () => client ?? new (await sesSdk()).SESv2Client({}));
  return {
    async sendEmail(message: Email): Promise<SendResult> {
      const email = sendable(message);
      try {
        const { SendEmailCommand } = await sesSdk();
        const result = await (
          await getClient()
        ).send(
          new SendEmailCommand({
            FromEmailAddress: from(),
            Destination: { ToAddresses: [email.to] },
            Content: {
              Simple: {
                Subject: { Data: email.subject, Charset: 'UTF-8' },
                Body: {
                  Text: { Data: email.text, Charset: 'UTF-8' },
                  ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
                },
                ...(email.attachments?.length
                  ? {
                      Attachments: email.attachments.map((attachment) => ({
                        FileName: attachment.fileName,
                        ContentType: attachment.contentType,
                        ContentDisposition: 'ATTACHMENT' as const,
                        RawContent: new TextEncoder().encode(attachment.content),
                      })),
                    }
                  : {}),
              },
            },
          }),
        );
        return { ok: true, messageId: result.MessageId };
      } catch (error) {
        const failure = sendFailure(error);
        logger.error('email not sent', { subject: email.subject, error: failure.error });
        return failure;
      }
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
