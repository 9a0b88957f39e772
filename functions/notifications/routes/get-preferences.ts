/** GET /notifications/preferences: the caller's e-mail preference per kind (every kind on until switched off). */
import { notificationPreferencesSchema } from '@shared/notifications/api';
import { route } from '@functions/lib/http/route';
import { notificationsData } from '../data';
import { getNotificationPreferences } from '../notifications';

export default route({
  response: notificationPreferencesSchema,
  handler: (_input, { identity }) => getNotificationPreferences(identity, notificationsData()),
});
