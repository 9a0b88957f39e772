/** The licence job's data (a function of its own): the licence-expiry index, the profiles, the admins. */
import { functionData } from '@functions/lib/data/function-data';
import { licenceExpiryStore } from './licence-expiry';

export const expireLicencesData = functionData((table) => ({ licences: licenceExpiryStore(table) }));

export type ExpireLicencesData = ReturnType<typeof expireLicencesData>;
