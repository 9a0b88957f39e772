/**
 * GET /maturing-deals: the "Maturing" view, finalized and closed leases maturing from today to
 * MATURING_WINDOW_MONTHS ahead, earliest first, with client and vehicle; paged by cursor. Admins and brokers (a
 * broker in own book sees their own deals only, as in the deals list); dealers and consumers are refused.
 */
import * as z from 'zod';
import { DEAL_STATUSES } from './enums';
import { vehicleNameSchema } from '../vehicles/summary';

export const MATURING_DEALS_PAGE_SIZE_DEFAULT = 50;
export const MATURING_DEALS_PAGE_SIZE_MAX = 100;
export const INVALID_LIMIT_MESSAGE = 'Invalid limit';
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

export const maturingDealsQuerySchema = z.object({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(1024, INVALID_CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number(INVALID_LIMIT_MESSAGE)
    .int(INVALID_LIMIT_MESSAGE)
    .min(1, INVALID_LIMIT_MESSAGE)
    .max(MATURING_DEALS_PAGE_SIZE_MAX, INVALID_LIMIT_MESSAGE)
    .default(MATURING_DEALS_PAGE_SIZE_DEFAULT),
});
export type MaturingDealsQuery = z.input<typeof maturingDealsQuerySchema>;

export const maturingDealSchema = z.object({
  id: z.string(),
  status: z.enum(DEAL_STATUSES),
  ...vehicleNameSchema.shape,
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  brokerId: z.string(),
  termMonths: z.number().int(),
  /** YYYY-MM-DD. */
  leaseStartDate: z.string(),
  maturityDate: z.string(),
});
export type MaturingDeal = z.infer<typeof maturingDealSchema>;

export const maturingDealsResponseSchema = z.object({
  /** The window listed: today (UTC) to MATURING_WINDOW_MONTHS ahead, both included (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  items: z.array(maturingDealSchema),
  nextCursor: z.string().nullable(),
});
export type MaturingDealsResponse = z.infer<typeof maturingDealsResponseSchema>;
