/** POST /notifications/read-all: marks every unread notification of the caller read (idempotent). */
import { markReadResponseSchema } from '@shared/notifications/api';
import { route } from '@functions/lib/http/route';
import { notificationsData } from '../data';
import { markAllNotificationsRead } from '../notifications';

export default route({
  response: markReadResponseSchema,
  handler: (_input, { identity, now }) => markAllNotificationsRead(identity, notificationsData(), now),
});
