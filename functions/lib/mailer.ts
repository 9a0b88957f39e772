/**
 * E-mail through SES v2. A business write never depends on a notification: `sendEmail` never throws; a
 * failure is logged (without the body) and returned so the caller can record it.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { logger } from './logger';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type SendResult = { ok: true; messageId: string | undefined } | { ok: false; error: string };

export function createMailer(client: SESv2Client = new SESv2Client({}), from: () => string = () => config.mailFrom) {
  return {
    async sendEmail(email: Email): Promise<SendResult> {
      try {
        const result = await client.send(
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
              },
            },
          }),
        );
        return { ok: true, messageId: result.MessageId };
      } catch (error) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        logger.error('email not sent', { subject: email.subject, error: message });
        return { ok: false, error: message };
      }
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
