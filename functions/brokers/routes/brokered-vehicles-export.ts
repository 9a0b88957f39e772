/** GET /admin/brokered-vehicles/export: a page of the brokered-vehicle log's CSV for a range of closing days (admins). */
import { brokeredVehiclesQuerySchema } from '@shared/brokers/brokered-vehicles-api';
import { exportPageResponseSchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { exportBrokeredVehicles } from '../brokered-vehicles';

export default route({
  query: brokeredVehiclesQuerySchema,
  response: exportPageResponseSchema,
  handler: async ({ query }) => exportBrokeredVehicles(query, (await brokerServices()).data),
});
