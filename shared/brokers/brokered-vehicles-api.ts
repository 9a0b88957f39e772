/**
 * Request and response shapes of the brokered-vehicle log's routes (shared/api/routes.ts, feature `brokers`;
 * docs/decisions.md, "Brokered-vehicle log"). Admins only.
 *
 * - GET /admin/brokered-vehicles?from=&to=&cursor=          a page of the lines closed in the range, oldest first
 * - GET /admin/brokered-vehicles/export?from=&to=&cursor=   a page of the range's CSV ({ csv, rows, nextCursor }, as
 *                                                           the other exports: the browser joins the pages)
 */
import * as z from 'zod';
import { BROKERED_VEHICLE_MESSAGES, isCalendarDay, rangeProblem } from './brokered-vehicles';

/** Lines on one page of the screen. */
export const BROKERED_VEHICLES_PAGE_SIZE = 50;

const day = (required: string, invalid: string) => z.string({ error: required }).min(1, required).refine(isCalendarDay, invalid);

export const brokeredVehiclesQuerySchema = z
  .object({
    from: day(BROKERED_VEHICLE_MESSAGES.fromRequired, BROKERED_VEHICLE_MESSAGES.fromInvalid),
    to: day(BROKERED_VEHICLE_MESSAGES.toRequired, BROKERED_VEHICLE_MESSAGES.toInvalid),
    /** Opaque: the `nextCursor` of the previous page of the same range. */
    cursor: z.string().max(2048, 'Invalid cursor').optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    const problem = rangeProblem(from, to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type BrokeredVehiclesQuery = z.input<typeof brokeredVehiclesQuerySchema>;

export const brokeredVehicleLineSchema = z.object({
  dealId: z.string(),
  closedAt: z.string(),
  clientName: z.string().nullable(),
  vin: z.string().nullable(),
  vehicle: z.string().nullable(),
  dealershipName: z.string().nullable(),
  feeCents: z.number(),
  brokerName: z.string().nullable(),
});

export const brokeredVehiclesResponseSchema = z.object({
  lines: z.array(brokeredVehicleLineSchema),
  nextCursor: z.string().nullable(),
});
export type BrokeredVehiclesResponse = z.infer<typeof brokeredVehiclesResponseSchema>;
