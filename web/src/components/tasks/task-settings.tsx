/**
 * The profile's task settings (GET/PUT /task-settings): the broker's time zone (a select of the browser's zones,
 * defaulting to the browser's own) and the "Morning task e-mail" switch (08:00 in that zone, on by default).
 */
import { useId, useMemo, useState } from 'react';
import type { TaskSettings } from '@shared/tasks/api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import inputStyles from '@web/components/ui/input.module.css';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { browserTimeZone, useTaskSettings, useUpdateTaskSettings } from './tasks-api';
import styles from './tasks.module.css';

function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort();
}

function TaskSettingsForm({ timeZone: savedZone, morningEmail: savedEmail }: { timeZone: string; morningEmail: boolean }) {
  const zoneId = useId();
  const emailId = useId();
  const [timeZone, setTimeZone] = useState(savedZone);
  const [morningEmail, setMorningEmail] = useState(savedEmail);
  const options = useMemo(() => zones(savedZone), [savedZone]);
  const save = useUpdateTaskSettings();
  const submit = useSingleFlight(async () => {
    try {
      await save.mutateAsync({ timeZone, morningEmail });
      toast({ title: 'Task settings saved', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  });
  return (
    <form
      aria-label="Task settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={inputStyles.field} data-field="timeZone">
        <label htmlFor={zoneId} className={inputStyles.label}>
          Time zone
        </label>
        <select id={zoneId} className={inputStyles.input} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <div className={inputStyles.field} data-field="morningEmail">
        <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <Checkbox
            id={emailId}
            checked={morningEmail}
            aria-describedby={`${emailId}-hint`}
            onCheckedChange={(value) => setMorningEmail(value === true)}
          />
          <label htmlFor={emailId} className={inputStyles.label}>
            Morning task e-mail
          </label>
        </div>
        <p id={`${emailId}-hint`} className={inputStyles.hint}>
          At 08:00 in your time zone: your overdue tasks and today&apos;s, each with a calendar file.
        </p>
      </div>
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        Save task settings
      </Button>
    </form>
  );
}

/** `initial`: the settings the profile's own read brought (GET /profile), so the card adds no call of its own. */
export function TaskSettingsCard({ initial }: { initial?: TaskSettings }) {
  const user = useRequiredUser();
  // A broker awaiting approval has no tasks yet (the API refuses them the settings too).
  const mayUse = user.role === 'admin' || (user.role === 'broker' && user.broker?.isApproved === true);
  const fetched = useTaskSettings(mayUse && !initial);
  const saved = useTaskSettings(false).data;
  const settings = { data: saved ?? initial ?? fetched.data, isError: fetched.isError };
  if (!mayUse) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tasks</CardTitle>
        <CardDescription>Due dates and the morning e-mail follow your time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <TaskSettingsForm timeZone={settings.data.timeZone ?? browserTimeZone()} morningEmail={settings.data.morningEmail} />
        ) : (
          <p className={styles.empty}>{settings.isError ? 'Your task settings could not be loaded.' : 'Loading…'}</p>
        )}
      </CardContent>
    </Card>
  );
}
