/** GET /admin/academy: every academy item, drafts included, for "Manage content" (admins). */
import { adminAcademyListResponseSchema } from '@shared/academy/api';
import { route } from '@functions/lib/http/route';
import { listAcademyContent } from '../academy';
import { academyData } from '../data';

export default route({
  response: adminAcademyListResponseSchema,
  handler: () => listAcademyContent(academyData()),
});
