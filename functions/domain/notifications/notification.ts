/**
 * The notification centre (docs/data-model.md, "Notifications"): one item per notification in its recipient's
 * partition, newest last by its ULID; an unread one also sits in a sparse index partition (gsi1) the unread count
 * and "mark all read" query. Each item carries `expiresAt` (the table's TTL): kept 90 days, read or not.
 *
 * Next to it, the recipient's e-mail preferences (the kinds switched off) and the markers that make the waiting-leads
 * job tell about one lead once per reason.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { NOTIFICATION_KINDS } from '@shared/notifications/kinds';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const notificationsOf = (userId: string) => `NOTIFS#${userId}`;
export const unreadNotificationsOf = (userId: string) => `NOTIFS#UNREAD#${userId}`;
export const NOTIFICATION_SK_PREFIX = 'NOTIF#';

export const notificationSchema = item({
  userId: string().key(),
  /** A ULID: its order is the order of creation. */
  id: string().key(),
  kind: string().enum(...NOTIFICATION_KINDS),
  title: string(),
  /** The app path of the record it is about. */
  link: string(),
  createdAt: string(),
  /** ISO, when its recipient read it (absent: unread). */
  readAt: string().optional(),
  /** Epoch seconds (the table's TTL): createdAt + 90 days. */
  expiresAt: number(),
}).and((_schema) => ({
  gsi1pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ readAt, userId }) => (readAt ? undefined : unreadNotificationsOf(userId))),
  gsi1sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ readAt, id }) => (readAt ? undefined : id)),
}));

export const notificationEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'notification',
      table,
      schema: notificationSchema,
      computeKey: ({ userId, id }) => ({ pk: notificationsOf(userId), sk: `${NOTIFICATION_SK_PREFIX}${id}` }),
    }),
);

export type Notification = FormattedItem<ReturnType<typeof notificationEntity>>;

/** A user's e-mail preferences: the kinds whose e-mail they switched off (absent item: every kind on). */
export const notificationPreferencesEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'notificationPreferences',
      table,
      schema: item({
        userId: string().key(),
        emailOff: list(string()),
        updatedAt: string(),
      }),
      computeKey: ({ userId }) => ({ pk: notificationsOf(userId), sk: 'PREFERENCES' }),
    }),
);

export type NotificationPreferencesItem = FormattedItem<ReturnType<typeof notificationPreferencesEntity>>;

/** "This was told already": written with the notifications it guards, on the condition that it does not exist. */
export const notificationMarkerEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'notificationMarker',
      table,
      schema: item({
        markerKey: string().key(),
        createdAt: string(),
        expiresAt: number(),
      }),
      computeKey: ({ markerKey }) => ({ pk: `NOTIFMARK#${markerKey}`, sk: 'NOTIFMARK' }),
    }),
);
