/** GET /admin/agreement: every version of the company's brokering agreement, newest first (admins). */
import { agreementVersionsResponseSchema } from '@shared/agreements/api';
import { route } from '@functions/lib/http/route';
import { agreementsData } from '../data';
import { listAgreementVersions } from '../agreements';

export default route({
  response: agreementVersionsResponseSchema,
  handler: () => listAgreementVersions(agreementsData()),
});
