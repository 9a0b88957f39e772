/** The invitations function's data: the invitations, the clients they link, the consumers' user records. */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { outboxStore } from '@functions/lib/data/stores/outbox';
import { userStore } from '@functions/lib/data/stores/users';
import { invitationStore } from './invitations';

export const invitationsData = functionData((table) => ({
  invitations: invitationStore(table),
  clients: clientStore(table),
  users: userStore(table),
  outbox: outboxStore(table),
}));

export type InvitationsData = ReturnType<typeof invitationsData>;
