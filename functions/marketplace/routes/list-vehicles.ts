/** GET /marketplace/vehicles: one page of vehicle cards with the tab and per-make counts (a dealer sees their own dealership's only). */
import { marketplaceListQuerySchema, marketplaceListResponseSchema } from '@shared/marketplace/api';
import { route } from '@functions/lib/http/route';
import { marketplaceData } from '../data';
import { listVehicles } from '../vehicles';

export default route({
  query: marketplaceListQuerySchema,
  response: marketplaceListResponseSchema,
  handler: ({ query }, { identity }) => listVehicles(identity, query, marketplaceData()),
});
