/**
 * The data of the ADF routes (docs/decisions.md, "ADF leads"), apart from the inbox's (./index.ts) so the inbox's
 * routes do not load the deal aggregate: lead addresses and received prospects, the leads they become, the
 * dealerships they belong to, and for "Send to dealer" the deal, its client and broker, its activity trail and the
 * outbox.
 */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { dealStore, type DealActivityEntry } from '@functions/domain/deals/deals';
import { dealActivityEntity } from '@functions/domain/deals/entities/deal-activity';
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { leadStore } from '@functions/domain/leads/leads';
import { outboxStore, type OutboxMessage } from '@functions/lib/data/outbox-store';
import { userStore } from '@functions/domain/users/users';
import { senderLimiter } from '@functions/lib/rate-limit';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { commit } from '@functions/lib/data/transactions';
import { adfStore } from './adf';

/** The "sent to dealer" entry on the deal's trail and its e-mail in the outbox, together (nothing half-written). */
function sentToDealerStore(table: LeaseDeskTable) {
  return {
    async record(dealId: string, activity: DealActivityEntry, message: OutboxMessage): Promise<void> {
      const outcome = await commit([
        dealActivityEntity(table)
          .build(PutTransaction)
          .item({ ...activity, dealId }),
        outboxStore(table).putTransaction(message),
      ]);
      if (!outcome.ok) throw new Error('The e-mail to the dealership could not be recorded');
    },
  };
}

export const adfData = functionData((table) => ({
  /** For the notifications a returning shopper's inquiry writes in the document's transaction. */
  table,
  adf: adfStore(table),
  leads: leadStore(table),
  dealerships: dealershipStore(table),
}));

export const sendToDealerData = functionData((table) => ({
  deals: dealStore(table),
  dealerships: dealershipStore(table),
  clients: clientStore(table),
  users: userStore(table),
  settings: companySettingsStore(table),
  outbox: outboxStore(table),
  sentToDealer: sentToDealerStore(table),
  senders: senderLimiter(table),
}));

export type AdfData = ReturnType<typeof adfData>;
export type SendToDealerData = ReturnType<typeof sendToDealerData>;
