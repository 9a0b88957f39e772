/**
 * GET /deals: the deals list screen (/deals) in one call. Shared by the handler and the web client; the route
 * table (shared/api/routes.ts) says who may call it: admins and brokers (every deal), dealers (their own
 * dealership's deals only); consumers are refused (403).
 *
 * Order (docs/decisions.md, "Deals list"): groups by client, alphabetical by client name without regard to case,
 * the "Unassigned" group (deals without a client) LAST; newest first inside a group. A group is one client (two
 * clients who share a name are two groups, next to each other). Only available, pending, active and closed deals
 * are listed.
 */
import * as z from 'zod';
import { listQuerySchema } from '../api/list-query';
import { DEAL_LIST_STATUSES, DEAL_STATUSES } from './enums';
import { vehicleSummarySchema } from '../vehicles/summary';

export const DEAL_LIST_STATUS_FILTERS = ['all', ...DEAL_LIST_STATUSES] as const;
export type DealListStatusFilter = (typeof DEAL_LIST_STATUS_FILTERS)[number];

export const DEAL_LIST_PAGE_SIZE_DEFAULT = 24;
export const DEAL_LIST_PAGE_SIZE_MAX = 60;
export const DEAL_LIST_SEARCH_MAX = 100;
export { INVALID_CURSOR_MESSAGE as DEAL_LIST_INVALID_CURSOR_MESSAGE } from '../api/list-query';
/** The header of the group of deals without a client. */
export const UNASSIGNED_GROUP_NAME = 'Unassigned';
export { UNASSIGNED_GROUP_KEY } from './enums';

export const DEALS_SEARCH_PLACEHOLDER = 'Search by make, model, or client name...';
export const NO_DEALS_TITLE = 'No deals found';
export const NO_DEALS_HINT = 'Try adjusting your search or filters';

/** The search ("Search by make, model, or client name..."): every word must start a word of the make, model or client name. */
export const dealListQuerySchema = listQuerySchema(
  /** `all` = every listed status (available, pending, active, closed). */
  { status: z.enum(DEAL_LIST_STATUS_FILTERS, 'Invalid status').default('all') },
  { pageSize: { default: DEAL_LIST_PAGE_SIZE_DEFAULT, max: DEAL_LIST_PAGE_SIZE_MAX }, searchMax: DEAL_LIST_SEARCH_MAX },
);
export type DealListQuery = z.input<typeof dealListQuerySchema>;

/** A deal card (tile and list views): everything the card shows, nothing more. */
export const dealCardSchema = z.object({
  ...vehicleSummarySchema.shape,
  status: z.enum(DEAL_STATUSES),
  monthlyPayment: z.number(),
  downPayment: z.number(),
  termMonths: z.number().int(),
  /** Miles per year. */
  mileageAllowance: z.number().nullable(),
  apr: z.number().nullable(),
  clientId: z.string().nullable(),
  /** null for an unassigned deal (shown under "Unassigned"). */
  clientName: z.string().nullable(),
  createdAt: z.string(),
});
export type DealCard = z.infer<typeof dealCardSchema>;

/**
 * A group header of the page: the groups the page's items fall in, in page order. `count` is the exact number of
 * deals of that group under the current status, make and search (the whole group, not only this page), so a
 * header reads the same on every page the group spans.
 */
export const dealGroupSchema = z.object({
  /** The client id, or "unassigned". */
  key: z.string(),
  /** The client's name, or "Unassigned". */
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type DealGroup = z.infer<typeof dealGroupSchema>;

export const dealMakeCountSchema = z.object({
  /** As first written (e.g. "Toyota"); makes are grouped without regard to case. */
  make: z.string(),
  /** Listed deals of that make the caller may see (every listed status). */
  count: z.number().int().nonnegative(),
});

export const dealListResponseSchema = z.object({
  /** One page, ordered by group (client name, "Unassigned" last) and newest first inside a group. */
  items: z.array(dealCardSchema),
  /** The groups of `items`, in order, with their exact counts under the current filters. */
  groups: z.array(dealGroupSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Every make among the listed deals the caller may see, alphabetical, with its count: the make filter buttons
   * ("All Makes" plus each). Not narrowed by the status, make or search filters, so the buttons stay put.
   */
  makes: z.array(dealMakeCountSchema),
  /** Whether the caller may delete deals (admins): the card's delete button and its "Delete Deal" dialog. */
  canDelete: z.boolean(),
});
export type DealListResponse = z.infer<typeof dealListResponseSchema>;
