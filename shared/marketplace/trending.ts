/**
 * GET /marketplace/trending (public): the most viewed marketplace vehicles of the last TRENDING_WINDOW_DAYS
 * days, at most TRENDING_LIMIT, most viewed first. Each is a "trending vehicle result".
 */
import * as z from 'zod';
import { vehicleNameSchema } from '../vehicles/summary';

export const trendingVehicleSchema = z.object({
  vehicleId: z.string(),
  ...vehicleNameSchema.omit({ trim: true }).shape,
  vehicleTrim: z.string().nullable(),
  imageUrl: z.string().nullable(),
  msrp: z.number().nullable(),
  monthlyPayment: z.number(),
  termMonths: z.number().int(),
  downPayment: z.number(),
  /** YYYY-MM-DD, shown as MM/dd/yyyy. */
  expirationDate: z.string().nullable(),
  /** Views counted in the window (one per browser session and day). */
  views: z.number().int().nonnegative(),
});
export type TrendingVehicle = z.infer<typeof trendingVehicleSchema>;

export const trendingResponseSchema = z.object({
  vehicles: z.array(trendingVehicleSchema),
});
export type TrendingResponse = z.infer<typeof trendingResponseSchema>;
