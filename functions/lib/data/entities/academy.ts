/** Academy content, each user's progress, and the marker that counts a user once as an academy user. */
import { defineSchema } from './define-schema';
import { ACADEMY_CONTENT_TYPES } from '../enums';

export const academyContentSchema = defineSchema({
  model: { entity: 'academyContent', version: '1', service: 'leasedesk' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    description: { type: 'string' },
    category: { type: 'string', required: true },
    orderIndex: { type: 'number', required: true, padding: { length: 6, char: '0' } },
    contentType: { type: ACADEMY_CONTENT_TYPES, required: true },
    content: { type: 'string' },
    videoUrl: { type: 'string' },
    durationMinutes: { type: 'number' },
    isPublished: { type: 'boolean', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Published content ordered by category then order index. */
    byPublished: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['isPublished'] },
      sk: { field: 'gsi1sk', composite: ['category', 'orderIndex', 'id'] },
    },
  },
});

export const academyProgressSchema = defineSchema({
  model: { entity: 'academyProgress', version: '1', service: 'leasedesk' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    contentId: { type: 'string', required: true, readOnly: true },
    completed: { type: 'boolean', required: true },
    score: { type: 'number' },
    completedAt: { type: 'string' },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['contentId'] } },
  },
});

/** Exists once per user with any progress; created in the same transaction that adds 1 to academyUsers. */
export const academyLearnerSchema = defineSchema({
  model: { entity: 'academyLearner', version: '1', service: 'leasedesk' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    startedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
