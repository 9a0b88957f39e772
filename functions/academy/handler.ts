/** The academy feature's Lambda: the learners' screen and Mark as Complete, and the admins' content management. */
import {
  academyIdParamsSchema,
  academyResponseSchema,
  adminAcademyItemSchema,
  adminAcademyListResponseSchema,
  completeAcademyItemRequestSchema,
  completeAcademyItemResponseSchema,
  createAcademyContentRequestSchema,
  deleteAcademyContentResponseSchema,
  reorderAcademyRequestSchema,
  updateAcademyContentRequestSchema,
} from '@shared/academy/api';
import { academyData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { route } from '@functions/lib/http/route';
import {
  completeAcademyItem,
  createAcademyContent,
  deleteAcademyContent,
  listAcademyContent,
  loadAcademy,
  reorderAcademyContent,
  updateAcademyContent,
} from './academy';

export const handler = featureHandler('academy', {
  'GET /academy': route({
    response: academyResponseSchema,
    handler: (_input, { identity }) => loadAcademy(identity, academyData()),
  }),
  'POST /academy/{id}/complete': route({
    params: academyIdParamsSchema,
    body: completeAcademyItemRequestSchema,
    response: completeAcademyItemResponseSchema,
    handler: ({ params, body }, { identity, now }) => completeAcademyItem(params.id, body, identity, academyData(), now),
  }),
  'GET /admin/academy': route({
    response: adminAcademyListResponseSchema,
    handler: () => listAcademyContent(academyData()),
  }),
  'POST /admin/academy': route({
    body: createAcademyContentRequestSchema,
    response: adminAcademyItemSchema,
    status: 201,
    handler: ({ body }, { now }) => createAcademyContent(body, academyData(), now),
  }),
  'PATCH /admin/academy/{id}': route({
    params: academyIdParamsSchema,
    body: updateAcademyContentRequestSchema,
    response: adminAcademyItemSchema,
    handler: ({ params, body }) => updateAcademyContent(params.id, body, academyData()),
  }),
  'DELETE /admin/academy/{id}': route({
    params: academyIdParamsSchema,
    response: deleteAcademyContentResponseSchema,
    handler: ({ params }) => deleteAcademyContent(params.id, academyData()),
  }),
  'POST /admin/academy-order': route({
    body: reorderAcademyRequestSchema,
    response: adminAcademyListResponseSchema,
    handler: ({ body }) => reorderAcademyContent(body, academyData()),
  }),
});
