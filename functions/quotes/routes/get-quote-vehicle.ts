/**
 * GET /quote-vehicles/{id}: the marketplace vehicle a shopper reserves from the trending embed ("Reserve This Deal"
 * opens /get-quote?vehicle={id}), for the wizard to show as chosen; 404 for any other id (the wizard then starts
 * without one).
 */
import { QUOTE_VEHICLE_CACHE_SECONDS, quoteVehicleParamsSchema, quoteVehicleResponseSchema } from '@shared/quotes/api';
import { publicRoute } from '@functions/lib/http/route';
import { quotesData } from '../data';
import { getQuoteVehicle } from '../quotes';

export default publicRoute({
  params: quoteVehicleParamsSchema,
  response: quoteVehicleResponseSchema,
  cacheSeconds: QUOTE_VEHICLE_CACHE_SECONDS,
  handler: ({ params }) => getQuoteVehicle(params.id, quotesData()),
});
