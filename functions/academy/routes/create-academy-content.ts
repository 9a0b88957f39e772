/** POST /admin/academy: creates an academy item, a draft unless published (admins). */
import { adminAcademyItemSchema, createAcademyContentRequestSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { createAcademyContent } from '../academy';
import { academyData } from '../data';

export default route({
  body: createAcademyContentRequestSchema,
  response: adminAcademyItemSchema,
  status: 201,
  handler: ({ body }, { now }) => createAcademyContent(body, academyData(), now),
});
