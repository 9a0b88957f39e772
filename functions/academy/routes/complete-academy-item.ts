/** POST /academy/{id}/complete: Mark as Complete, never undone and idempotent; a test is graded from its answers. */
import { academyIdParamsSchema, completeAcademyItemRequestSchema, completeAcademyItemResponseSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { completeAcademyItem } from '../academy';
import { academyData } from '../data';

export default route({
  params: academyIdParamsSchema,
  body: completeAcademyItemRequestSchema,
  response: completeAcademyItemResponseSchema,
  handler: ({ params, body }, { identity, now }) => completeAcademyItem(params.id, body, identity, academyData(), now),
});
