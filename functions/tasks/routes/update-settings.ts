/** PUT /task-settings: sets the caller's time zone and morning task e-mail switch. */
import { taskSettingsSchema, updateTaskSettingsSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { updateTaskSettings } from '../tasks';

export default route({
  body: updateTaskSettingsSchema,
  response: taskSettingsSchema,
  handler: ({ body }, { identity, now }) => updateTaskSettings(identity, body, tasksData(), now),
});
