/** GET /notifications: the caller's notifications, newest first, a page at a time, with the unread count. */
import { notificationListQuerySchema, notificationListResponseSchema } from '@shared/notifications/api';
import { route } from '@functions/lib/http/route';
import { notificationsData } from '../data';
import { listNotifications } from '../notifications';

export default route({
  query: notificationListQuerySchema,
  response: notificationListResponseSchema,
  handler: ({ query }, { identity, now }) => listNotifications(identity, query, notificationsData(), now),
});
