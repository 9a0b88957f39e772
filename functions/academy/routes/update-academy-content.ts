/** PATCH /admin/academy/{id}: edits, publishes, unpublishes or moves an academy item (admins). */
import { academyIdParamsSchema, adminAcademyItemSchema, updateAcademyContentRequestSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { updateAcademyContent } from '../academy';
import { academyData } from '../data';

export default route({
  params: academyIdParamsSchema,
  body: updateAcademyContentRequestSchema,
  response: adminAcademyItemSchema,
  handler: ({ params, body }) => updateAcademyContent(params.id, body, academyData()),
});
