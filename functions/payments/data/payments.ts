/**
 * Processed payment provider events (payment-event.ts). The deal write that marks a concierge fee paid
 * carries `receipt(...)` in its transaction (deals store `replaceWithReceipt`), so the event and its effect are
 * recorded together or not at all.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { paymentEventEntity } from './payment-event';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import type { WriteOperation } from '@functions/lib/data/transactions';

/** Longer than Stripe's retry window (3 days) with room to spare. */
const PAYMENT_EVENT_RETENTION_DAYS = 30;

export function paymentStore(table: LeaseDeskTable) {
  const entities = {
    get paymentEvent() {
      return paymentEventEntity(table);
    },
  };
  return {
    async isProcessed(eventId: string): Promise<boolean> {
      return !!(await entities.paymentEvent.build(GetItemCommand).key({ eventId }).send()).Item;
    },

    /** The put that records `eventId` as processed; it fails the transaction when the event was processed already. */
    receipt(eventId: string, dealId: string, now: Date): WriteOperation {
      return entities.paymentEvent
        .build(PutTransaction)
        .item({
          eventId,
          dealId,
          processedAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + PAYMENT_EVENT_RETENTION_DAYS * 24 * 60 * 60,
        })
        .options({ condition: { attr: 'eventId', exists: false } });
    },
  };
}
