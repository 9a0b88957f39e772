/** The quotes function's data: the public quote requests and the agents a visitor may pick. */
import { functionData } from '@functions/lib/data/function-data';
import { notificationStore } from '@functions/domain/notifications/notifications';
import { outboxStore } from '@functions/lib/data/outbox-store';
import { quoteStore } from './quotes';

export const quotesData = functionData((table) => ({
  quotes: quoteStore(table),
  outbox: outboxStore(table),
  notifications: notificationStore(table),
}));

export type QuotesData = ReturnType<typeof quotesData>;
