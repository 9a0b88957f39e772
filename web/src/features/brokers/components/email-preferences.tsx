/**
 * The profile's e-mail preferences (GET/PUT /notifications/preferences): one checkbox per notification kind the
 * caller receives, on by default. A kind's e-mail goes out only while it is ticked; the in-app notification always
 * does. Kinds with no e-mail yet say so. Each change is saved at once (one request at a time).
 */
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, UpdateNotificationPreferences } from '@shared/notifications/api';
import { EMAIL_OF_KIND, NOTIFICATION_KIND_LABELS, type NotificationKind } from '@shared/notifications/kinds';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import inputStyles from '@web/components/ui/input.module.css';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const KEY = ['notifications', 'preferences'] as const;

function PreferenceRow({
  kind,
  checked,
  disabled,
  onChange,
}: {
  kind: NotificationKind;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  const email = EMAIL_OF_KIND[kind];
  return (
    <div className={inputStyles.field} data-field={kind}>
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        <Checkbox
          id={id}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onCheckedChange={(value) => onChange(value === true)}
        />
        <label htmlFor={id} className={inputStyles.label}>
          {NOTIFICATION_KIND_LABELS[kind]}
        </label>
      </div>
      <p id={`${id}-hint`} className={inputStyles.hint}>
        {email ?? 'In the bell only: no e-mail is sent for this yet.'}
      </p>
    </div>
  );
}

export function EmailPreferences() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<NotificationPreferences>('/notifications/preferences'),
  });
  const save = useMutation({
    mutationFn: (body: UpdateNotificationPreferences) => api.put<NotificationPreferences>('/notifications/preferences', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast({ title: 'Preferences saved' });
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
  if (!preferences.data || preferences.data.kinds.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail notifications</CardTitle>
        <CardDescription>Choose what LeaseDesk e-mails you about. The bell shows every notification either way.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data.kinds.map((kind) => (
          <PreferenceRow
            key={kind}
            kind={kind}
            checked={preferences.data.email[kind]}
            disabled={save.isPending}
            onChange={(on) => save.mutate({ email: { [kind]: on } })}
          />
        ))}
      </CardContent>
    </Card>
  );
}
