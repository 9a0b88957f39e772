/** GET /marketplace/stock-numbers/{stockNumber}: whether a stock number is free (the add form's live check). */
import {
  stockNumberAvailabilityQuerySchema,
  stockNumberAvailabilitySchema,
  stockNumberParamsSchema,
} from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { stockNumberAvailability } from '../vehicles';

export default route({
  params: stockNumberParamsSchema,
  query: stockNumberAvailabilityQuerySchema,
  response: stockNumberAvailabilitySchema,
  handler: ({ params, query }) => stockNumberAvailability(params.stockNumber, query.exceptVehicleId, marketplaceData()),
});
