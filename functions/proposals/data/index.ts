/**
 * The proposals function's data: the proposals, the deals they snapshot and accept (through the deal store, so the
 * move to pending keeps every count and index in step), the names a snapshot carries, the consumer's client, and the
 * outbox for the question e-mailed to the broker.
 */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { dealershipStore } from '@functions/lib/data/stores/dealerships';
import { dealStore } from '@functions/lib/data/deals/deals';
import { outboxStore } from '@functions/lib/data/stores/outbox';
import { userStore } from '@functions/lib/data/stores/users';
import { proposalStore } from './proposals';

export const proposalsData = functionData((table) => ({
  proposals: proposalStore(table),
  deals: dealStore(table),
  users: userStore(table),
  clients: clientStore(table),
  dealerships: dealershipStore(table),
  outbox: outboxStore(table),
}));

export type ProposalsData = ReturnType<typeof proposalsData>;
