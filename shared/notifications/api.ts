/**
 * Request and response shapes of the notification centre's routes (shared/api/routes.ts, feature `notifications`),
 * used by the handlers, the bell and the profile's preferences. Every route is the caller's own: admins and brokers.
 *
 * - GET  /notifications                   a page newest first, with the unread count
 * - POST /notifications/{id}/read         marks one read (idempotent); another user's, or none: 404
 * - POST /notifications/read-all          marks every unread one read (idempotent)
 * - GET  /notifications/preferences       the e-mail preference per kind (default on)
 * - PUT  /notifications/preferences       sets them
 */
import * as z from 'zod';
import { INVALID_CURSOR_MESSAGE, INVALID_LIMIT_MESSAGE, CURSOR_MAX_LENGTH } from '../api/list-query';
import { NOTIFICATION_KINDS } from './kinds';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

export const NOTIFICATION_PAGE_SIZE = { default: 20, max: 50 } as const;

export const notificationIdParamsSchema = z.object({
  id: z
    .string()
    .max(64, NOTIFICATION_NOT_FOUND_MESSAGE)
    .regex(/^[0-9A-Za-z]+$/, NOTIFICATION_NOT_FOUND_MESSAGE),
});

export const notificationListQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(CURSOR_MAX_LENGTH, INVALID_CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number(INVALID_LIMIT_MESSAGE)
    .int(INVALID_LIMIT_MESSAGE)
    .min(1, INVALID_LIMIT_MESSAGE)
    .max(NOTIFICATION_PAGE_SIZE.max, INVALID_LIMIT_MESSAGE)
    .default(NOTIFICATION_PAGE_SIZE.default),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  /** One line: what happened ("Lead assigned to you: Jane Doe"). */
  title: z.string(),
  /** The app path of the record it is about (/leads/{id}, /deals/{id}, /clients/{id}, /brokers/{id}). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const markReadResponseSchema = z.object({ unreadCount: z.number().int() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

const preferencesShape = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
  (typeof NOTIFICATION_KINDS)[number],
  z.ZodBoolean
>;

export const notificationPreferencesSchema = z.object({
  /** Per kind: whether that kind's e-mail goes out (in-app notifications always do). */
  email: z.object(preferencesShape),
  /** The kinds the caller's role receives, in display order. */
  kinds: z.array(notificationKindSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.object({
  email: z.strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean('Invalid preference').optional()])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
    'Unknown notification kind',
  ),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
