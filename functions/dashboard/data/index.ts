/** The dashboard's data: the caller, the counters maintained on write, the academy progress. */
import { functionData } from '@functions/lib/data/function-data';
import { academyStore } from '@functions/lib/data/stores/academy';
import { counterStore } from '@functions/lib/data/stores/counters';
import { taskStore } from '@functions/lib/data/stores/tasks';
import { userStore } from '@functions/lib/data/stores/users';

export const dashboardData = functionData((table) => ({
  users: userStore(table),
  counters: counterStore(table),
  academy: academyStore(table),
  tasks: taskStore(table),
}));

export type DashboardData = ReturnType<typeof dashboardData>;
