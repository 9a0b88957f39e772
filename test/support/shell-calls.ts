/**
 * The API calls of the session rather than of a screen: the route guard's GET /me and, for admins and brokers, the
 * notification bell's GET /notifications in the app navigation (its unread count), and the viewer's saved time zone
 * (GET /task-settings), read once a session by the first screen that lists tasks (docs/decisions.md, "Tasks").
 * The "one API call per screen" budget counts the screen's own calls: tests and the screens bench leave these out.
 */
export const APP_SHELL_CALLS: readonly string[] = ['GET /me', 'GET /notifications', 'GET /task-settings'];

/** `calls` ("METHOD /path") without the app shell's. */
export function screenCalls(calls: readonly string[]): string[] {
  return calls.filter((call) => !APP_SHELL_CALLS.includes(call));
}
