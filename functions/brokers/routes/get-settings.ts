/** GET /admin/settings: the company settings, the client book (admins). */
import { companySettingsSchema } from '@shared/brokers/settings';
import { route } from '@functions/lib/http/route';
import { brokersData } from '../data';

export default route({
  response: companySettingsSchema,
  handler: () => brokersData().settings.read(),
});
