/** POST /notifications/{id}/read: marks one of the caller's notifications read (idempotent); anyone else's is 404. */
import { markReadResponseSchema, notificationIdParamsSchema } from '@shared/notifications/api';
import { route } from '@functions/lib/http/route';
import { notificationsData } from '../data';
import { markNotificationRead } from '../notifications';

export default route({
  params: notificationIdParamsSchema,
  response: markReadResponseSchema,
  handler: ({ params }, { identity, now }) => markNotificationRead(identity, params.id, notificationsData(), now),
});
