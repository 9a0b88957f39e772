/** GET /admin/brokered-vehicles: a page of the brokered-vehicle log for a range of closing days (admins). */
import { brokeredVehiclesQuerySchema, brokeredVehiclesResponseSchema } from '@shared/brokers/brokered-vehicles-api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { brokeredVehiclesPage } from '../brokered-vehicles';

export default route({
  query: brokeredVehiclesQuerySchema,
  response: brokeredVehiclesResponseSchema,
  handler: async ({ query }) => brokeredVehiclesPage(query, (await brokerServices()).data),
});
