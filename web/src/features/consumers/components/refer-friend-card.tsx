/**
 * Refer a friend, on a closed deal: the friend's full name and e-mail, validated with
 * the shared referral schema. A refused submit toasts "Validation Error" with the first message; a sent one
 * "Referral Sent!" / "Invitation sent to {name}." and the form empties for the next friend.
 */
import { createReferralRequestSchema } from '@shared/referrals/api';
import { VALIDATION_ERROR_TITLE } from '@shared/invitations/schemas';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { useReferFriend } from '../api/refer-friend';
import { SectionCard } from '@web/components/ui/section-card';
import styles from './consumers.module.css';

export function ReferFriendCard({ dealId }: { dealId: string }) {
  const form = useZodForm(createReferralRequestSchema, { defaultValues: { fullName: '', email: '', dealId } });
  const refer = useReferFriend({ onSuccess: () => form.reset({ fullName: '', email: '', dealId }) });

  return (
    <SectionCard title="Refer a Friend">
      <Form
        form={form}
        aria-label="Refer a friend"
        className={styles.form}
        onSubmit={(referral) => refer.mutateAsync(referral)}
        onInvalid={([first]) => {
          if (first) toast({ title: VALIDATION_ERROR_TITLE, description: first.message, variant: 'destructive' });
        }}
      >
        <p className={styles.muted}>Know someone looking for a car? We will email them an invitation from your broker.</p>
        <TextField name="fullName" label="Friend's full name" autoComplete="off" />
        <TextField name="email" label="Friend's email" type="email" autoComplete="off" />
        <SubmitButton block={false} size="md" pendingLabel="Sending...">
          Send Referral
        </SubmitButton>
      </Form>
    </SectionCard>
  );
}
