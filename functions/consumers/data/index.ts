/** The consumer portal's data: the consumer's client, its deals with their dealerships, and the broker. */
import { functionData } from '@functions/lib/data/function-data';
import { clientStore } from '@functions/lib/data/stores/clients';
import { dealershipStore } from '@functions/lib/data/stores/dealerships';
import { dealStore } from '@functions/lib/data/deals/deals';
import { userStore } from '@functions/lib/data/stores/users';

export const consumersData = functionData((table) => ({
  clients: clientStore(table),
  deals: dealStore(table),
  dealerships: dealershipStore(table),
  users: userStore(table),
}));

export type ConsumersData = ReturnType<typeof consumersData>;
