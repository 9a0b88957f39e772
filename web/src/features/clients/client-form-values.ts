/**
 * What the clients page's dialog starts from: blanks for a new client, a client's stored values for an edit, with
 * the preferred makes as the comma-separated text the field edits (the shared schema splits and trims it again).
 */
import type { ClientInput } from '@shared/clients/schemas';
import type { ClientView } from '@shared/clients/api';

export function clientFormValues(client?: ClientView): ClientInput {
  return {
    fullName: client?.fullName ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    address: client?.address ?? '',
    creditScore: client?.creditScore ?? undefined,
    dateOfBirth: client?.dateOfBirth ?? '',
    preferredMakes: client?.preferredMakes.join(', ') ?? '',
    notes: client?.notes ?? '',
  };
}
