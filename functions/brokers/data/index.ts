/**
 * The brokers function's data: broker profiles and users, the approval queue, the monthly figures (written by the
 * deal aggregate, read here) and the academy progress shown on a broker's profile.
 */
import { functionData } from '@functions/lib/data/function-data';
import { academyStore } from '@functions/lib/data/stores/academy';
import { userStore } from '@functions/lib/data/stores/users';
import { brokerStatsStore } from './broker-stats';
import { brokerStore } from './brokers';

export const brokersData = functionData((table) => ({
  users: userStore(table),
  academy: academyStore(table),
  brokers: brokerStore(table),
  brokerStats: brokerStatsStore(table),
}));

export type BrokersData = ReturnType<typeof brokersData>;
