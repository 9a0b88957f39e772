/** The dealerships function's data: the dealerships, their dealer users (and the claims of those being made) and the counters. */
import { functionData } from '@functions/lib/data/function-data';
import { counterStore } from '@functions/domain/counters/counters';
import { dealershipStore } from '@functions/domain/dealerships/dealerships';
import { userStore } from '@functions/domain/users/users';
import { dealerLoginStore } from './dealer-logins';

export const dealershipsData = functionData((table) => ({
  dealerships: dealershipStore(table),
  counters: counterStore(table),
  users: userStore(table),
  dealerLogins: dealerLoginStore(table),
}));

/** What the dealership routes read and write; adding a dealer login also claims it (DealerLoginData). */
export type DealershipsData = Omit<ReturnType<typeof dealershipsData>, 'dealerLogins'>;
export type DealerLoginData = ReturnType<typeof dealershipsData>;
