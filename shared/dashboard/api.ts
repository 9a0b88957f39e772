/**
 * GET /dashboard: the overview cards the caller may see, each with its figure, in the order they are shown.
 * Which cards a role gets is decided by `dashboardCardsFor` (./cards.ts) on both sides.
 */
import * as z from 'zod';
import { myDaySchema } from '../tasks/api';

export const DASHBOARD_CARD_IDS = [
  'vehiclesInMarketplace',
  'clientDeals',
  'totalClients',
  'dealerships',
  'academy',
  'brokerPerformance',
  'myDealershipDeals',
  'newLeads',
] as const;
export type DashboardCardId = (typeof DASHBOARD_CARD_IDS)[number];

export const dashboardCardSchema = z.object({
  id: z.enum(DASHBOARD_CARD_IDS),
  /** A count, or for a broker's academy card the completion percentage (0-100, rounded). */
  value: z.number().int().nonnegative(),
  unit: z.enum(['count', 'percent']),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardResponseSchema = z.object({
  cards: z.array(dashboardCardSchema),
  /** Admins and approved brokers: their own open tasks, overdue, due today and in the next 7 days. */
  myDay: myDaySchema.optional(),
});

/**
 * GET /dashboard's query: the browser's time zone, which My day is read in when the caller has saved none. An
 * unknown zone is ignored (the dashboard never fails on it).
 */
export const dashboardQuerySchema = z.object({ timeZone: z.string().max(64).optional().catch(undefined) });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/**
 * GET /dashboard answers a broker whose account is not approved yet with 403 and this message: their screen shows
 * the blocking "Account Pending Review" card and no figures (docs/decisions.md, "Dashboard"), so the server gives them
 * none either.
 */
export const DASHBOARD_PENDING_REVIEW_MESSAGE =
  'Account Pending Review: an administrator must approve your account before the dashboard is available';
