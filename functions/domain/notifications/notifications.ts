/**
 * The notification centre's store (notification.ts): the put that goes into the transaction of the event a
 * notification is about (functions/domain/notifications/notify.ts builds it), the recipient's list and unread count, marking
 * read, the e-mail preferences and the once-only markers. Every read is a Query of one partition (never a Scan), and
 * none returns an item past its 90 days that the TTL has not yet removed.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { encodeTime, ulid } from 'ulid';
import { NOTIFICATION_RETENTION_DAYS, type NotificationKind } from '@shared/notifications/kinds';
import {
  NOTIFICATION_SK_PREFIX,
  notificationEntity,
  notificationMarkerEntity,
  notificationPreferencesEntity,
  notificationsOf,
  unreadNotificationsOf,
  type Notification,
} from './notification';
import { userEntity, type User } from '../users/user';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { batchGetAll, isConditionalCheckFailure, type WriteOperation } from '@functions/lib/data/transactions';

export type { Notification } from './notification';

const RETENTION_MS = NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60_000;

/** The smallest id a notification still within its 90 days at `now` can have (ULIDs start with their time). */
export function oldestKeptId(now: Date): string {
  return encodeTime(Math.max(now.getTime() - RETENTION_MS, 0), 10);
}

/** Epoch seconds 90 days after `now`: the TTL of a notification created then. */
export function notificationExpiry(now: Date): number {
  return Math.floor((now.getTime() + RETENTION_MS) / 1000);
}

/** What a notification says and to whom (functions/domain/notifications/notify.ts builds one per event). */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  link: string;
}

/** A new notification id: a ULID of `now`, so a recipient's list sorts by time. */
export function newNotificationId(now: Date): string {
  return ulid(now.getTime());
}

/** `id` is shared by the notifications of one event when the event must find them again (see `writes`). */
export function newNotification(input: NotificationInput, now: Date, id = newNotificationId(now)): Notification {
  return { ...input, id, createdAt: now.toISOString(), expiresAt: notificationExpiry(now) };
}

export interface NotificationPage {
  notifications: Notification[];
  /** The id to continue after, or null on the last page. */
  lastId: string | null;
}

/** The notification centre's store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface NotificationStore {
  putTransaction: (notification: Notification) => WriteOperation;
  /**
   * The puts of `inputs` (one per recipient), for the transaction that records their event. With `id`, every
   * recipient's notification has that id (ids are unique per recipient), so the event can mark them read later.
   */
  writes(inputs: readonly NotificationInput[], now: Date, id?: string): WriteOperation[];
  /**
   * Marks read the notifications with id `id` that `userIds` still have unread (those a later event resolved:
   * docs/decisions.md, "Notifications"); a recipient without one is skipped.
   */
  resolve(userIds: readonly string[], id: string, now: Date): Promise<void>;
  /** The marker's put: the transaction fails (nothing written) when `markerKey` was written before. */
  markerTransaction(markerKey: string, now: Date): WriteOperation;
  /** One page of `userId`'s notifications, newest first, after the id `after`. */
  page(userId: string, after: string | undefined, limit: number, now: Date): Promise<NotificationPage>;
  /** How many of `userId`'s notifications are unread (a COUNT of the sparse unread partition). */
  unreadCount(userId: string, now: Date): Promise<number>;
  get(userId: string, id: string, now: Date): Promise<Notification | null>;
  markRead: (notification: Notification, now: Date) => Promise<void>;
  /** Marks every unread notification of `userId` read; how many it marked. */
  markAllRead(userId: string, now: Date): Promise<number>;
  /** The kinds whose e-mail `userId` switched off (none when never set). */
  emailOff(userId: string): Promise<string[]>;
  /** The kinds switched off, per user of `userIds` (a user who never set any is absent: every kind on). */
  emailOffOf(userIds: readonly string[]): Promise<Map<string, string[]>>;
  setEmailOff(userId: string, emailOff: string[], now: Date): Promise<void>;
  /** Every admin (users by role): the recipients of the admins' kinds. */
  admins(): Promise<User[]>;
}

export function notificationStore(table: LeaseDeskTable): NotificationStore {
  const entities = {
    get notification() {
      return notificationEntity(table);
    },
    get preferences() {
      return notificationPreferencesEntity(table);
    },
    get marker() {
      return notificationMarkerEntity(table);
    },
    get user() {
      return userEntity(table);
    },
  };

  const markRead = async (notification: Notification, now: Date): Promise<void> => {
    try {
      await entities.notification
        .build(PutItemCommand)
        .item({ ...notification, readAt: now.toISOString() })
        .options({
          condition: {
            and: [
              { attr: 'id', exists: true },
              { attr: 'readAt', exists: false },
            ],
          },
        })
        .send();
    } catch (error) {
      // Read meanwhile (another tab, a double click) or expired: nothing left to do.
      if (!isConditionalCheckFailure(error)) throw error;
    }
  };

  /** The notification's put, for the transaction of the event it is about (never overwrites one). */
  const putTransaction = (notification: Notification): WriteOperation =>
    entities.notification
      .build(PutTransaction)
      .item(notification)
      .options({ condition: { attr: 'id', exists: false } });

  return {
    putTransaction,

    writes(inputs: readonly NotificationInput[], now: Date, id?: string): WriteOperation[] {
      return inputs.map((input) => putTransaction(newNotification(input, now, id)));
    },

    async resolve(userIds: readonly string[], id: string, now: Date): Promise<void> {
      const items = await batchGetAll(
        entities.notification,
        [...new Set(userIds)].map((userId) => ({ userId, id })),
      );
      await Promise.all(items.filter((item) => !item.readAt).map((item) => markRead(item, now)));
    },

    markerTransaction(markerKey: string, now: Date): WriteOperation {
      return entities.marker
        .build(PutTransaction)
        .item({ markerKey, createdAt: now.toISOString(), expiresAt: notificationExpiry(now) })
        .options({ condition: { attr: 'markerKey', exists: false } });
    },

    async page(userId: string, after: string | undefined, limit: number, now: Date): Promise<NotificationPage> {
      const partition = notificationsOf(userId);
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entities.notification)
        .query({
          partition,
          range: { between: [`${NOTIFICATION_SK_PREFIX}${oldestKeptId(now)}`, `${NOTIFICATION_SK_PREFIX}~`] },
        })
        .options({
          reverse: true,
          limit,
          maxPages: 1,
          ...(after ? { exclusiveStartKey: { pk: partition, sk: `${NOTIFICATION_SK_PREFIX}${after}` } } : {}),
        } as never)
        .send();
      const notifications = Items as Notification[];
      return { notifications, lastId: LastEvaluatedKey && notifications.length > 0 ? notifications.at(-1)!.id : null };
    },

    async unreadCount(userId: string, now: Date): Promise<number> {
      const { Count = 0 } = await table
        .build(QueryCommand)
        .entities(entities.notification)
        .query({ index: 'gsi1', partition: unreadNotificationsOf(userId), range: { gte: oldestKeptId(now) } })
        .options({ select: 'COUNT', maxPages: Infinity })
        .send();
      return Count;
    },

    async get(userId: string, id: string, now: Date): Promise<Notification | null> {
      const { Item } = await entities.notification.build(GetItemCommand).key({ userId, id }).send();
      return Item && Item.expiresAt * 1000 > now.getTime() ? Item : null;
    },

    markRead,

    async markAllRead(userId: string, now: Date): Promise<number> {
      const unread = await queryAll(entities.notification, {
        index: 'gsi1',
        partition: unreadNotificationsOf(userId),
        range: { gte: oldestKeptId(now) },
      });
      for (let start = 0; start < unread.length; start += 25) {
        await Promise.all(unread.slice(start, start + 25).map((notification) => markRead(notification, now)));
      }
      return unread.length;
    },

    async emailOff(userId: string): Promise<string[]> {
      const { Item } = await entities.preferences.build(GetItemCommand).key({ userId }).send();
      return Item?.emailOff ?? [];
    },

    async emailOffOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return new Map();
      const items = await batchGetAll(
        entities.preferences,
        unique.map((userId) => ({ userId })),
      );
      return new Map(items.map((item) => [item.userId, item.emailOff]));
    },

    async setEmailOff(userId: string, emailOff: string[], now: Date): Promise<void> {
      await entities.preferences.build(PutItemCommand).item({ userId, emailOff, updatedAt: now.toISOString() }).send();
    },

    async admins(): Promise<User[]> {
      return queryAll(entities.user, { index: 'gsi1', partition: 'ROLE#admin' });
    },
  };
}
