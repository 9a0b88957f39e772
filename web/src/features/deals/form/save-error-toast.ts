/**
 * The toast of a save the server refused: the required "Permission Denied" for closing a deal as a non-admin (403),
 * else the page's error title ("Error creating deal", "Error updating deal") with the server's message, which for
 * a stale revision (409) tells the user to reload.
 */
import { ONLY_ADMINS_CAN_CLOSE_MESSAGE, PERMISSION_DENIED_TITLE } from '@shared/deals/rules';
import type { ToastInput } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';

export function saveErrorToast(error: unknown, title: string): ToastInput {
  const description = error instanceof Error ? error.message : String(error);
  if (isApiError(error) && error.status === 403 && description === ONLY_ADMINS_CAN_CLOSE_MESSAGE) {
    return { title: PERMISSION_DENIED_TITLE, description, variant: 'destructive' };
  }
  return { title, description, variant: 'destructive' };
}
