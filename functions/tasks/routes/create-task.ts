/** POST /tasks: a new open task, assigned to the caller (an admin may name any broker). */
import { createTaskSchema, taskResponseSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { createTask } from '../tasks';

export default route({
  body: createTaskSchema,
  response: taskResponseSchema,
  status: 201,
  handler: async ({ body }, { identity, now }) => ({ task: await createTask(identity, body, tasksData(), now) }),
});
