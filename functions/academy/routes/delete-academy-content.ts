/** DELETE /admin/academy/{id}: deletes an academy item; learners' completions of it stop counting (admins). */
import { academyIdParamsSchema, deleteAcademyContentResponseSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { deleteAcademyContent } from '../academy';
import { academyData } from '../data';

export default route({
  params: academyIdParamsSchema,
  response: deleteAcademyContentResponseSchema,
  handler: ({ params }) => deleteAcademyContent(params.id, academyData()),
});
