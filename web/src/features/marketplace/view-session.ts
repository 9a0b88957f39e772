/**
 * The browser session id sent with each vehicle view (`deal_views.session_id`, a random id kept in session or
 * local storage). The API counts a view once per vehicle, session and day, so the second record after 2 seconds
 * and a reload do not count twice. Session storage: a new tab is a new visit.
 */
const KEY = 'leasedesk.viewSession';

export function viewSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeSessionStorage()): string {
  const existing = storage?.getItem(KEY);
  if (existing) return existing;
  const id = crypto.randomUUID();
  try {
    storage?.setItem(KEY, id);
  } catch {
    // Storage full or blocked (private mode): the id still works for this page.
  }
  return id;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
