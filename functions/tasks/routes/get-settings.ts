/** GET /task-settings: the caller's time zone (null until saved) and morning task e-mail switch (on by default). */
import { taskSettingsSchema } from '@shared/tasks/api';
import { route } from '@functions/lib/http/route';
import { tasksData } from '../data';
import { getTaskSettings } from '../tasks';

export default route({
  response: taskSettingsSchema,
  handler: (_input, { identity }) => getTaskSettings(identity, tasksData()),
});
