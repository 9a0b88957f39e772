/**
 * The brokers function's data: broker profiles and users, the approval queue, the monthly figures (written by the
 * deal aggregate, read here) the academy progress shown on a broker's profile, and
 * the company settings (the client book) admins change on /admin/brokers.
 */
import { functionData } from '@functions/lib/data/function-data';
import { academyStore } from '@functions/lib/data/stores/academy';
import { companySettingsStore } from '@functions/lib/data/stores/company-settings';
import { notificationStore } from '@functions/lib/data/stores/notifications';
import { taskStore } from '@functions/lib/data/stores/tasks';
import { userStore } from '@functions/lib/data/stores/users';
import { brokerStatsStore } from './broker-stats';
import { brokerStore } from './brokers';

export const brokersData = functionData((table) => ({
  users: userStore(table),
  academy: academyStore(table),
  brokers: brokerStore(table),
  brokerStats: brokerStatsStore(table),
  settings: companySettingsStore(table),
  /** Approving a broker resolves the admins' "broker awaiting approval" notifications. */
  notifications: notificationStore(table),
  /** The profile shows the broker's task settings. */
  tasks: taskStore(table),
}));

export type BrokersData = ReturnType<typeof brokersData>;
