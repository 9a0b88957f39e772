/**
 * The invitations function's data: the invitations, the clients they link, the consumers' user records, the company
 * settings (own book), and the per-sender counters of the invitation route (functions/lib/rate-limit.ts).
 */
import { functionData } from '@functions/lib/data/function-data';
import { senderLimiter } from '@functions/lib/rate-limit';
import { clientStore } from '@functions/lib/data/stores/clients';
import { companySettingsStore } from '@functions/lib/data/stores/company-settings';
import { outboxStore } from '@functions/lib/data/stores/outbox';
import { userStore } from '@functions/lib/data/stores/users';
import { invitationStore } from './invitations';

export const invitationsData = functionData((table) => ({
  invitations: invitationStore(table),
  clients: clientStore(table),
  settings: companySettingsStore(table),
  users: userStore(table),
  outbox: outboxStore(table),
  senders: senderLimiter(table),
}));

export type InvitationsData = ReturnType<typeof invitationsData>;
