/** POST /admin/academy-order: puts the items of one category in the given order, all or nothing (admins). */
import { adminAcademyListResponseSchema, reorderAcademyRequestSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { reorderAcademyContent } from '../academy';
import { academyData } from '../data';

export default route({
  body: reorderAcademyRequestSchema,
  response: adminAcademyListResponseSchema,
  handler: ({ body }) => reorderAcademyContent(body, academyData()),
});
