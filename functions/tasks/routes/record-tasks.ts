/** GET /tasks/of/{kind}/{id}: a lead's, client's or deal's open tasks the caller may see. */
import { recordTasksResponseSchema, taskRecordParamsSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { listRecordTasks } from '../tasks';

export default route({
  params: taskRecordParamsSchema,
  response: recordTasksResponseSchema,
  handler: ({ params }, { identity }) => listRecordTasks(identity, params.kind, params.id, tasksData()),
});
