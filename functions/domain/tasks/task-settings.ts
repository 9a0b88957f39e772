/**
 * A user's task settings (docs/decisions.md, "Tasks"): their time zone and whether the morning task e-mail is on, with
 * the reminder job's bookkeeping. One item per user (`TASKSETTINGS#{userId}`).
 *
 * The reminder index (gsi1 `TASK-REMINDERS` by `{reminderAt}#{userId}`) is sparse: only users whose morning e-mail is
 * on are in it, sorted by the UTC instant of their next 08:00 local. The job reads the due ones (`reminderAt <= now`)
 * with one range Query, so its cost follows the users due, never the tasks or the users in total; each send moves
 * `reminderAt` to the next 08:00 with a conditional write that is also the per-local-day marker (`lastReminderDay`).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const TASK_REMINDERS_PARTITION = 'TASK-REMINDERS';

export const taskSettingsSchema = item({
  userId: string().key(),
  /** An IANA zone. */
  timeZone: string(),
  morningEmail: boolean(),
  /** The UTC instant (ISO) of the next morning e-mail; absent while it is off. */
  reminderAt: string().optional(),
  /** The local day ("YYYY-MM-DD") of the last morning e-mail claimed: never two for one day. */
  lastReminderDay: string().optional(),
  updatedAt: string(),
}).and((_schema) => ({
  gsi1pk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ morningEmail, reminderAt }) => (morningEmail && reminderAt ? TASK_REMINDERS_PARTITION : undefined)),
  gsi1sk: string()
    .optional()
    .hidden()
    .link<typeof _schema>(({ morningEmail, reminderAt, userId }) =>
      morningEmail && reminderAt ? `${reminderAt}#${userId}` : undefined,
    ),
}));

export const taskSettingsEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'taskSettings',
      table,
      schema: taskSettingsSchema,
      computeKey: ({ userId }) => ({ pk: `TASKSETTINGS#${userId}`, sk: 'TASKSETTINGS' }),
    }),
);

export type TaskSettingsItem = FormattedItem<ReturnType<typeof taskSettingsEntity>>;
