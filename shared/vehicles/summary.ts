/**
 * The vehicle a view names (a deal, a marketplace vehicle, a quote, a proposal): its id, year, make, model and trim,
 * defined once so that every view names a vehicle alike. Views spread its shape (or a pick of it) in place, which
 * keeps their keys and key order as they were.
 */
import * as z from 'zod';

export const vehicleSummarySchema = z.object({
  id: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
});
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;

/** The vehicle's name without its id (a view whose id is the record's, or which comes first in another order). */
export const vehicleNameSchema = vehicleSummarySchema.omit({ id: true });
