/**
 * Deal views (spec: deal_views). A view is counted once per vehicle, browser session and UTC day: the view
 * item is the claim, and only a successful claim adds to the vehicle's total and to that day's counter.
 * Both expire through the table's TTL once they can no longer count towards the trending window.
 * The trending snapshot is what the ranking job made of those counters last.
 */
import { defineSchema } from './define-schema';

export const dealViewSchema = defineSchema({
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
export const vehicleViewDaySchema = defineSchema({
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

/**
 * The trending ranking, one item for the whole marketplace: written whole by the rank-trending job, read with
 * one GetItem by GET /marketplace/trending. No TTL: it is replaced every few minutes, and an old one is better
 * than none if the job stops.
 */
export const trendingSnapshotSchema = defineSchema({
  model: { entity: 'trendingSnapshot', version: '1', service: 'leasedesk' },
  attributes: {
    /** The leading marketplace vehicles when it was computed, most viewed first, with their views in the window. */
    vehicles: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          vehicleId: { type: 'string', required: true },
          views: { type: 'number', required: true },
        },
      },
    },
    /** ISO date-time of the run. */
    computedAt: { type: 'string', required: true },
    /** The window's first and last UTC days (YYYY-MM-DD), both included. */
    fromDay: { type: 'string', required: true },
    toDay: { type: 'string', required: true },
  },
  indexes: {
    current: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: [] } },
  },
});
