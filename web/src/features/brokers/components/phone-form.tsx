/**
 * The profile's phone, edited in place: Edit Phone opens a one-field form checked by the shared phone rule
 * ("Invalid phone number format"); a blank number clears it. A failed save keeps the form open with the number typed
 * (the mutation toasts "Error updating profile").
 */
import { useState } from 'react';
import { updateProfileRequestSchema } from '@shared/brokers/api';
import { Button } from '@web/components/ui/button';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { useUpdatePhone } from '../api/profile';
import styles from './brokers.module.css';

export function PhoneForm({ phone }: { phone: string | null }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div>
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {phone ? 'Edit Phone' : 'Add Phone'}
        </Button>
      </div>
    );
  }
  return <PhoneEditor phone={phone} onDone={() => setEditing(false)} />;
}

function PhoneEditor({ phone, onDone }: { phone: string | null; onDone: () => void }) {
  const form = useZodForm(updateProfileRequestSchema, { defaultValues: { phone: phone ?? '' } });
  const update = useUpdatePhone({ onSuccess: onDone });
  return (
    <Form form={form} aria-label="Edit phone" className={styles.inlineForm} onSubmit={(values) => update.mutateAsync(values)}>
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="International format, e.g. +15035550100; leave blank to remove."
        autoFocus
      />
      <div className={styles.actions}>
        <SubmitButton block={false} size="md" pendingLabel="Saving...">
          Save Phone
        </SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
