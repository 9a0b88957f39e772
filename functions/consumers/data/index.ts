/** The consumer portal's data: the consumer's client, its deals with their dealerships, and the broker. */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/domain/clients/clients';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { dealStore } from '@functions/domain/deals/deals';
import { userStore } from '@functions/domain/users/users';

export const consumersData = functionData((table) => ({
  clients: clientStore(table),
  deals: dealStore(table),
  dealerships: dealershipStore(table),
  users: userStore(table),
}));

export type ConsumersData = ReturnType<typeof consumersData>;
