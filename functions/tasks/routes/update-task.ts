/** PATCH /tasks/{id}: edits a task with the revision read (stale: 409). */
import { taskIdParamsSchema, taskResponseSchema, updateTaskSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { updateTask } from '../tasks';

export default route({
  params: taskIdParamsSchema,
  body: updateTaskSchema,
  response: taskResponseSchema,
  handler: async ({ params, body }, { identity, now }) => ({
    task: await updateTask(identity, params.id, body, tasksData(), now),
  }),
});
