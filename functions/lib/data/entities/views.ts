/**
 * Deal views (spec: deal_views). A view is counted once per vehicle, browser session and UTC day: the view
 * item is the claim, and only a successful claim adds to the vehicle's total and to that day's counter.
 * Both expire through the table's TTL once they can no longer count towards the trending window.
 */
import { createSchema } from 'electrodb';

export const dealViewSchema = createSchema({
  model: { entity: 'dealView', version: '1', service: 'leasedesk' },
  attributes: {
    dealId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD (UTC). */
    day: { type: 'string', required: true, readOnly: true },
    sessionId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', readOnly: true },
    viewedAt: { type: 'string', required: true, readOnly: true },
    /** Epoch seconds (DynamoDB TTL). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    bySession: { pk: { field: 'pk', composite: ['dealId'] }, sk: { field: 'sk', composite: ['day', 'sessionId'] } },
  },
});

/** One counter per UTC day and vehicle: trending reads the window's day partitions. */
export const vehicleViewDaySchema = createSchema({
  model: { entity: 'vehicleViewDay', version: '1', service: 'leasedesk' },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    vehicleId: { type: 'string', required: true, readOnly: true },
    views: { type: 'number' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byDay: { pk: { field: 'pk', composite: ['day'] }, sk: { field: 'sk', composite: ['vehicleId'] } },
  },
});
