/**
 * The brokers function's data: broker profiles and users, the approval queue, the monthly figures (written by the
 * deal aggregate, read here) the academy progress shown on a broker's profile, and
 * the company settings (the client book) admins change on /admin/brokers.
 */
import { functionData } from '@functions/lib/data/function-data';
import { academyStore } from '@functions/domain/academy/academy';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { notificationStore } from '@functions/domain/notifications/notifications';
import { taskStore } from '@functions/domain/tasks/tasks';
import { userStore } from '@functions/domain/users/users';
import { brokerStatsStore } from './broker-stats';
import { brokerStore } from './brokers';
import { commissionLedger } from '@functions/domain/commission/ledger';
import { brokeredVehicleLog } from '@functions/domain/brokered-vehicles/log';

export const brokersData = functionData((table) => ({
  users: userStore(table),
  academy: academyStore(table),
  brokers: brokerStore(table),
  brokerStats: brokerStatsStore(table),
  /** The commission ledger: the figures' commission, the statements, adjustments and payouts. */
  commission: commissionLedger(table),
  /** The brokered-vehicle log (written by the deal aggregate, read here by admins). */
  brokeredVehicles: brokeredVehicleLog(table),
  settings: companySettingsStore(table),
  /** Approving a broker resolves the admins' "broker awaiting approval" notifications. */
  notifications: notificationStore(table),
  /** The profile shows the broker's task settings. */
  tasks: taskStore(table),
}));

export type BrokersData = ReturnType<typeof brokersData>;
