/**
 * The API calls the app shell makes on every signed-in screen, whatever the screen: the route guard's GET /me and,
 * for admins and brokers, the notification bell's GET /notifications in the app navigation (its unread count).
 * The "one API call per screen" budget counts the screen's own calls: tests and the screens bench leave these out.
 */
export const APP_SHELL_CALLS: readonly string[] = ['GET /me', 'GET /notifications'];

/** `calls` ("METHOD /path") without the app shell's. */
export function screenCalls(calls: readonly string[]): string[] {
  return calls.filter((call) => !APP_SHELL_CALLS.includes(call));
}
