/**
 * The notification centre's routes (docs/api.md, "Notifications"): the caller's own notifications only. Every read
 * and write is keyed by the verified caller, so another user's notification is simply not found (404), never
 * reachable. Marking read is idempotent.
 */
import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  type MarkReadResponse,
  type NotificationItem,
  type NotificationListResponse,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@shared/notifications/api';
import { NOTIFICATION_KINDS, NOTIFICATION_KINDS_BY_ROLE, emailPreferences } from '@shared/notifications/kinds';
import type { Identity } from '@functions/lib/auth-context';
import type { Notification } from '@functions/domain/notifications/notifications';
import { NotFoundError } from '@functions/lib/errors';
import { decodeListingCursor, encodeCursor } from '@functions/lib/http/list-cursor';
import type { NotificationsData } from './data';

const LISTING = 'notifications';

function itemOf(notification: Notification): NotificationItem {
  return {
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    link: notification.link,
    createdAt: notification.createdAt,
    read: !!notification.readAt,
  };
}

/** GET /notifications. */
export async function listNotifications(
  identity: Identity,
  query: { cursor?: string | undefined; limit: number },
  data: NotificationsData,
  now: Date,
): Promise<NotificationListResponse> {
  const after = query.cursor ? decodeListingCursor(query.cursor, LISTING) : undefined;
  const [page, unreadCount] = await Promise.all([
    data.notifications.page(identity.userId, after, query.limit, now),
    data.notifications.unreadCount(identity.userId, now),
  ]);
  return {
    notifications: page.notifications.map(itemOf),
    unreadCount,
    nextCursor: page.lastId ? encodeCursor(LISTING, page.lastId) : null,
  };
}

/** POST /notifications/{id}/read: the caller's own; anyone else's reads as unknown. */
export async function markNotificationRead(
  identity: Identity,
  id: string,
  data: NotificationsData,
  now: Date,
): Promise<MarkReadResponse> {
  const notification = await data.notifications.get(identity.userId, id, now);
  if (!notification) throw new NotFoundError(NOTIFICATION_NOT_FOUND_MESSAGE);
  if (!notification.readAt) await data.notifications.markRead(notification, now);
  return { unreadCount: await data.notifications.unreadCount(identity.userId, now) };
}

/** POST /notifications/read-all. */
export async function markAllNotificationsRead(
  identity: Identity,
  data: NotificationsData,
  now: Date,
): Promise<MarkReadResponse> {
  await data.notifications.markAllRead(identity.userId, now);
  return { unreadCount: await data.notifications.unreadCount(identity.userId, now) };
}

/** GET /notifications/preferences. */
export async function getNotificationPreferences(identity: Identity, data: NotificationsData): Promise<NotificationPreferences> {
  return {
    email: emailPreferences(await data.notifications.emailOff(identity.userId)),
    kinds: [...NOTIFICATION_KINDS_BY_ROLE[identity.role]],
  };
}

/** PUT /notifications/preferences: the kinds named are set, the others kept. */
export async function updateNotificationPreferences(
  identity: Identity,
  body: UpdateNotificationPreferences,
  data: NotificationsData,
  now: Date,
): Promise<NotificationPreferences> {
  const current = emailPreferences(await data.notifications.emailOff(identity.userId));
  const next = { ...current, ...Object.fromEntries(Object.entries(body.email).filter(([, on]) => on !== undefined)) };
  const emailOff = NOTIFICATION_KINDS.filter((kind) => next[kind] === false);
  await data.notifications.setEmailOff(identity.userId, emailOff, now);
  return { email: emailPreferences(emailOff), kinds: [...NOTIFICATION_KINDS_BY_ROLE[identity.role]] };
}
