/** POST /admin/agreement/versions: a new version of the brokering agreement (admins; 409 if another was saved first). */
import { agreementVersionSchema, createAgreementVersionRequestSchema } from '@shared/agreements/api';
import { route } from '@functions/lib/http/route';
import { agreementsData } from '../data';
import { createAgreementVersion } from '../agreements';

export default route({
  body: createAgreementVersionRequestSchema,
  response: agreementVersionSchema,
  status: 201,
  handler: ({ body }, { identity, now }) => createAgreementVersion(identity, body, agreementsData(), now),
});
