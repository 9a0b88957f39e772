/** The auth functions' data (the API's /me and sign-up licence routes, the Cognito triggers): the users and broker profiles. */
import { functionData } from '@functions/lib/data/function-data';
import { notificationStore } from '@functions/domain/notifications/notifications';
import { userStore } from '@functions/domain/users/users';

export const authData = functionData((table) => ({
  users: userStore(table),
  notifications: notificationStore(table),
}));

export type AuthData = ReturnType<typeof authData>;
