/**
 * The invitations function's data: the invitations, the clients they link, the consumers' user records, the company
 * settings (own book), and the per-sender counters of the invitation route (functions/lib/rate-limit.ts).
 */
import { functionData } from '@functions/lib/data/function-data';
import { senderLimiter } from '@functions/lib/rate-limit';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { outboxStore } from '@functions/lib/data/outbox-store';
import { userStore } from '@functions/domain/users/users';
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
