/**
 * Request and response shapes of the dealership routes (shared/api/routes.ts, feature `dealerships`), used by the
 * handlers, the web client and the marketplace add form's dealership choice.
 *
 * Who may call what (docs/decisions.md, "Dealerships"):
 * - GET /dealerships, GET /dealerships/{id}: admins and brokers (brokers view only); a dealer may read their own
 *   dealership by id (the marketplace form shows it locked), any other id is a 404.
 * - POST /dealerships: admins (every field of the add dialog) and approved, licensed brokers, whose quick add from
 *   the deal and marketplace forms ("New Dealership" dialog) keeps only name, location and contact name: any other
 *   field a broker's body carries is dropped. The dialog validates with `quickAddDealershipRequestSchema` first.
 * - PATCH, DELETE and the dealer-user routes: admins only.
 */
import * as z from 'zod';
import { accountEmailSchema } from '../auth/schemas';
import { dealerContactSchema, dealershipSchema, newDealershipDialogSchema } from './schemas';

/** Page size of GET /dealerships when the query does not ask for one, and the most it may ask for. */
export const DEALERSHIP_PAGE_SIZE = 50;
export const DEALERSHIP_PAGE_MAX = 100;
/** Searches are matched on name, location and contact name, case-insensitively; longer queries are refused. */
export const DEALERSHIP_SEARCH_MAX = 100;

export const DEALERSHIP_NOT_FOUND_MESSAGE = 'Dealership not found';
export const DEALER_NOT_FOUND_MESSAGE = 'Dealer user not found';
/** DELETE /dealerships/{id} while deals or dealer users still point at it (409). */
export const DEALERSHIP_IN_USE_MESSAGE =
  'This dealership still has deals or dealer users. Move or delete its deals and remove its dealer users before deleting it.';
/** POST /dealerships/{id}/dealers with an e-mail that already has an account (409). */
export const DEALER_EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

/** Dealership ids are ULIDs and user ids Cognito subs: letters, digits and hyphens. Anything else is refused (400). */
const idSchema = z
  .string()
  .max(128, 'Invalid id')
  .regex(/^[A-Za-z0-9-]+$/, 'Invalid id');
export const dealershipIdParamsSchema = z.object({ id: idSchema });
export const dealerUserParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** GET /dealerships query: `search` matches name, location or contact name; `cursor` continues a previous page. */
export const dealershipListQuerySchema = z.object({
  search: z.string().trim().max(DEALERSHIP_SEARCH_MAX, `Search must be less than ${DEALERSHIP_SEARCH_MAX} characters`).optional(),
  cursor: z.string().max(1024, 'Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(DEALERSHIP_PAGE_MAX).optional(),
});
export type DealershipListQuery = z.input<typeof dealershipListQuerySchema>;

/** A dealership as every route returns it: its fields (blanks are null) and its two figures, maintained on write. */
export const dealershipResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** The lead e-mail address (ADF) "Send to dealer" writes to. */
  leadEmail: z.string().nullable(),
  website: z.string().nullable(),
  responseTimeHours: z.number().nullable(),
  successRate: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Deals of this dealership with status available. */
  liveVehicles: z.number().int(),
  /** Closed deals of this dealership with a close date in the 6-month window (docs/decisions.md). */
  unitsSold6Months: z.number().int(),
});
export type DealershipView = z.infer<typeof dealershipResponseSchema>;

/** The page's stat cards, over every dealership (not only the page). */
export const dealershipStatsSchema = z.object({
  dealerships: z.number().int(),
  liveVehicles: z.number().int(),
  unitsSold6Months: z.number().int(),
});
export type DealershipStats = z.infer<typeof dealershipStatsSchema>;

/** GET /dealerships: one page, ordered by name; `nextCursor` is null on the last page. */
export const dealershipListResponseSchema = z.object({
  dealerships: z.array(dealershipResponseSchema),
  nextCursor: z.string().nullable(),
  stats: dealershipStatsSchema,
});
export type DealershipListResponse = z.infer<typeof dealershipListResponseSchema>;

/** POST /dealerships: every field of the admin's add dialog (a broker's extra fields are dropped, see above). */
export const createDealershipRequestSchema = dealershipSchema;
export type CreateDealershipRequest = z.input<typeof createDealershipRequestSchema>;

/** PATCH /dealerships/{id} (admins): the fields to change; a blank optional field clears it (null). */
export const updateDealershipRequestSchema = dealershipSchema.partial();
export type UpdateDealershipRequest = z.input<typeof updateDealershipRequestSchema>;

/** The inline "New Dealership" dialog of the deal and marketplace forms (its own message); sent to POST /dealerships. */
export const quickAddDealershipRequestSchema = newDealershipDialogSchema;
export type QuickAddDealershipRequest = z.input<typeof quickAddDealershipRequestSchema>;

export const deleteDealershipResponseSchema = z.object({ id: z.string() });

/** A dealer login of a dealership. */
export const dealerUserResponseSchema = z.object({
  userId: z.string(),
  dealershipId: z.string(),
  name: z.string(),
  email: z.string(),
  licenseNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type DealerUserView = z.infer<typeof dealerUserResponseSchema>;

export const dealerUserListResponseSchema = z.object({ dealers: z.array(dealerUserResponseSchema) });
export type DealerUserListResponse = z.infer<typeof dealerUserListResponseSchema>;

/**
 * POST /dealerships/{id}/dealers (admins): creates the dealer's account; the temporary password goes to `email`
 * and must be changed at first sign-in.
 */
export const createDealerUserRequestSchema = dealerContactSchema.extend({ email: accountEmailSchema });
export type CreateDealerUserRequest = z.input<typeof createDealerUserRequestSchema>;

export const deleteDealerUserResponseSchema = z.object({ userId: z.string() });
