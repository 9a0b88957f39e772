/** The dealerships function's data: the dealerships, their dealer users and the counters. */
import { functionData } from '@functions/lib/data/function-data';
import { counterStore } from '@functions/lib/data/stores/counters';
import { dealershipStore } from '@functions/lib/data/stores/dealerships';
import { userStore } from '@functions/lib/data/stores/users';

export const dealershipsData = functionData((table) => ({
  dealerships: dealershipStore(table),
  counters: counterStore(table),
  users: userStore(table),
}));

export type DealershipsData = ReturnType<typeof dealershipsData>;
