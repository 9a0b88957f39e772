/**
 * The dashboard's data: the caller, the counters maintained on write, the academy progress, the company settings (own
 * book) and the deals list's make counts (a broker's own deal count).
 */
import { functionData } from '@functions/lib/data/function-data';
import { academyStore } from '@functions/domain/academy/academy';
import { companySettingsStore } from '@functions/domain/company-settings/company-settings';
import { counterStore } from '@functions/domain/counters/counters';
import { taskStore } from '@functions/domain/tasks/tasks';
import { userStore } from '@functions/domain/users/users';
import { makeCountReader } from './broker-deals';

export const dashboardData = functionData((table) => ({
  users: userStore(table),
  counters: counterStore(table),
  academy: academyStore(table),
  settings: companySettingsStore(table),
  dealList: makeCountReader(table),
  tasks: taskStore(table),
}));

export type DashboardData = ReturnType<typeof dashboardData>;
