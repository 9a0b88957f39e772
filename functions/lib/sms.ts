/**
 * Text messages through Amazon SNS (a direct Publish to a phone number, transactional). Like the mailer, a business
 * write never depends on it: `sendSms` never throws; a failure is logged (without the text, which carries a link
 * that is a credential) and returned so the caller can record it.
 *
 * Locally the SDK's own AWS_ENDPOINT_URL_SNS points the client at the local API server's SNS stand-in, which keeps
 * the texts in an outbox page (infra/local/sms-outbox.ts): the same code path as in AWS, no local branch here.
 * The SNS SDK is imported on the first text, not with the module, so routes that send none do not load it.
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import { lazy } from './lazy';
import { logger } from './logger';
import { sendFailure, type SendResult } from './mailer';

const snsSdk = lazy(() => import('@aws-sdk/client-sns'));

export interface TextMessage {
  /** E.164 preferred; a 10-digit number is taken as a US number (the client form stores digits only). */
  to: string;
  text: string;
}

/** "+14155552671" for "4155552671", "14155552671" or "+14155552671": SNS wants E.164. */
export function toE164(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (phone.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

export function createSmsSender(client?: SNSClient) {
  const getClient = lazy(async () => client ?? new (await snsSdk()).SNSClient({}));
  return {
    async sendSms(message: TextMessage): Promise<SendResult> {
      try {
        const { PublishCommand } = await snsSdk();
        const result = await (
          await getClient()
        ).send(
          new PublishCommand({
            PhoneNumber: toE164(message.to),
            Message: message.text,
            MessageAttributes: {
              // Delivery over price: an invitation is expected right away.
              'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
            },
          }),
        );
        return { ok: true, messageId: result.MessageId };
      } catch (error) {
        const failure = sendFailure(error);
        logger.error('sms not sent', { error: failure.error });
        return failure;
      }
    },
  };
}

export type SmsSender = ReturnType<typeof createSmsSender>;
