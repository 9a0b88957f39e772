/**
 * The proposals function's data: the proposals, the deals they snapshot and accept (through the deal store, so the
 * move to pending keeps every count and index in step), the names a snapshot carries, the consumer's client, and the
 * outbox for the proposal sent to the client and the question e-mailed to the broker, the company's own-book setting,
 * and the broker's notifications.
 */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { notificationStore } from '@functions/domain/notifications/notifications';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { dealStore } from '@functions/domain/deals/deals';
import { outboxStore } from '@functions/lib/data/outbox-store';
import { userStore } from '@functions/domain/users/users';
import { proposalStore } from './proposals';

export const proposalsData = functionData((table) => ({
  proposals: proposalStore(table),
  deals: dealStore(table),
  users: userStore(table),
  clients: clientStore(table),
  dealerships: dealershipStore(table),
  outbox: outboxStore(table),
  // The own-book setting: another broker's deal is then out of the caller's book (404).
  settings: companySettingsStore(table),
  // The deal's broker's bell and e-mail preferences (a client accepted, or asked a question).
  notifications: notificationStore(table),
}));

export type ProposalsData = ReturnType<typeof proposalsData>;
