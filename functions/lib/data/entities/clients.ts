/** Clients and dealerships. */
import { defineSchema } from './define-schema';

export const clientSchema = defineSchema({
  model: { entity: 'client', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    fullName: { type: 'string', required: true },
    email: { type: 'string' },
    phone: { type: 'string' },
    address: { type: 'string' },
    creditScore: { type: 'number' },
    /** YYYY-MM-DD. */
    dateOfBirth: { type: 'string' },
    preferredMakes: { type: 'list', items: { type: 'string' } },
    notes: { type: 'string' },
    /** The user who created the client (spec: profile_id). */
    profileId: { type: 'string', required: true, readOnly: true },
    /** The consumer account linked through an accepted invitation. */
    userId: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    byName: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['fullName', 'id'] } },
    byCreated: { index: 'gsi2', pk: { field: 'gsi2pk', composite: [] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'id'] } },
    /** The consumer's own client record (sparse: only linked clients). */
    byUser: { index: 'gsi3', pk: { field: 'gsi3pk', composite: ['userId'] }, sk: { field: 'gsi3sk', composite: [] } },
  },
});

export const dealershipSchema = defineSchema({
  model: { entity: 'dealership', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    location: { type: 'string', required: true },
    contactName: { type: 'string' },
    contactEmail: { type: 'string' },
    contactPhone: { type: 'string' },
    website: { type: 'string' },
    responseTimeHours: { type: 'number' },
    successRate: { type: 'number' },
    notes: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    byName: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['name', 'id'] } },
    byCreated: { index: 'gsi2', pk: { field: 'gsi2pk', composite: [] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'id'] } },
  },
});
