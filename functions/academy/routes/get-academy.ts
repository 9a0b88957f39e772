/** GET /academy: the academy screen in one call, the published content with the caller's completions and progress. */
import { academyResponseSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { loadAcademy } from '../academy';
import { academyData } from '../data';

export default route({
  response: academyResponseSchema,
  handler: (_input, { identity }) => loadAcademy(identity, academyData()),
});
