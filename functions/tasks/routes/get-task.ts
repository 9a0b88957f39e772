/** GET /tasks/{id}: one task the caller may see (anyone else's is 404). */
import { taskIdParamsSchema, taskResponseSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { getTask } from '../tasks';

export default route({
  params: taskIdParamsSchema,
  response: taskResponseSchema,
  handler: async ({ params }, { identity }) => ({ task: await getTask(identity, params.id, tasksData()) }),
});
