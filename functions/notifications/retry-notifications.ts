/**
 * The retry-notifications job (EventBridge Scheduler every minute; locally on a timer and `npm run job --
 * retry-notifications`): sends the outbox's due messages, the e-mails and texts a request could not send
 * (functions/lib/outbox.ts; docs/architecture.md, "Side effects and the outbox"). One Query of the outbox's sparse due
 * index, never a Scan; each message claimed by a conditional write before it is sent, so overlapping runs never send
 * one attempt twice; a message given up logs the error line the `notifications-given-up` alarm counts.
 */
import { lazy } from '@functions/lib/lazy';
import { logger } from '@functions/lib/logger';
import { createMailer } from '@functions/lib/mailer';
import { retryDue, type RetryRunResult } from '@functions/lib/outbox';
import { createSmsSender } from '@functions/lib/sms';
import { retryNotificationsData } from './data/retry-notifications';

const senders = lazy(() => ({ mailer: createMailer(), sms: createSmsSender() }));

export const handler = async (): Promise<RetryRunResult> => {
  const result = await retryDue({ outbox: retryNotificationsData().outbox, senders: senders() }, () => new Date());
  logger.info('retry-notifications finished', { ...result });
  return result;
};
