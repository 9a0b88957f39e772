/** GET /tasks: the caller's tasks (an admin's: everyone's or one assignee's) by status and due window, soonest first. */
import { taskListQuerySchema, taskListResponseSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { listTasks } from '../tasks';

export default route({
  query: taskListQuerySchema,
  response: taskListResponseSchema,
  handler: ({ query }, { identity, now }) => listTasks(identity, query, tasksData(), now),
});
