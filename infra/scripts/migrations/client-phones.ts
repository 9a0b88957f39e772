/**
 * The client-phones migration (docs/operations.md "Migrations"): writes the phone index entry
 * (functions/domain/clients/client-phone.ts) of every client stored before the CSV import's duplicate check by phone existed.
 * One-off, idempotent (a put of the same entry), with a dry run. Clients are enumerated by the name index (gsi1),
 * not scanned.
 */
import type { ClientStore } from '@functions/domain/clients/clients';

export interface ClientPhonesMigrationReport {
  dryRun: boolean;
  clients: number;
  /** Clients with a usable phone: indexed (or, on a dry run, to index). */
  indexed: number;
}

export async function migrateClientPhones(
  data: { clients: ClientStore },
  options: { dryRun: boolean; log?: (line: string) => void },
): Promise<ClientPhonesMigrationReport> {
  const clients = await data.clients.listByName();
  const report: ClientPhonesMigrationReport = { dryRun: options.dryRun, clients: clients.length, indexed: 0 };
  for (const client of clients) {
    if (!client.phone) continue;
    if (options.dryRun || (await data.clients.indexPhone(client))) report.indexed++;
  }
  options.log?.(`client-phones: ${report.indexed} of ${report.clients} clients indexed${options.dryRun ? ' (dry run)' : ''}`);
  return report;
}
