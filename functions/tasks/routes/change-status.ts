/** POST /tasks/{id}/status: marks a task done or cancelled, or opens it again, with the revision read (stale: 409). */
import { taskIdParamsSchema, taskResponseSchema, taskStatusChangeSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { changeTaskStatus } from '../tasks';

export default route({
  params: taskIdParamsSchema,
  body: taskStatusChangeSchema,
  response: taskResponseSchema,
  handler: async ({ params, body }, { identity, now }) => ({
    task: await changeTaskStatus(identity, params.id, body.status, body.revision, tasksData(), now),
  }),
});
