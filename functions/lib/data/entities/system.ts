/** Counters (see ../counters.ts) and the seed's completion marker. */
import { defineSchema } from './define-schema';

export const counterSchema = defineSchema({
  model: { entity: 'counter', version: '1', service: 'leasedesk' },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    marketplaceVehicles: { type: 'number' },
    clientDeals: { type: 'number' },
    liveVehicles: { type: 'number' },
    unitsSold: { type: 'number' },
    clients: { type: 'number' },
    dealerships: { type: 'number' },
    brokers: { type: 'number' },
    academyUsers: { type: 'number' },
    academyPublished: { type: 'number' },
  },
  indexes: {
    byScope: { pk: { field: 'pk', composite: ['scope'] }, sk: { field: 'sk', composite: [] } },
  },
});

export const seedRunSchema = defineSchema({
  model: { entity: 'seedRun', version: '1', service: 'leasedesk' },
  attributes: {
    name: { type: 'string', required: true, readOnly: true },
    completedAt: { type: 'string', required: true },
  },
  indexes: {
    byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
  },
});
