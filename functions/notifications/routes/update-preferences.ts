/** PUT /notifications/preferences: sets the caller's e-mail preference of the kinds named. */
import { notificationPreferencesSchema, updateNotificationPreferencesSchema } from '@shared/notifications/api';
import { route } from '@functions/lib/http/route';
import { notificationsData } from '../data';
import { updateNotificationPreferences } from '../notifications';

export default route({
  body: updateNotificationPreferencesSchema,
  response: notificationPreferencesSchema,
  handler: ({ body }, { identity, now }) => updateNotificationPreferences(identity, body, notificationsData(), now),
});
