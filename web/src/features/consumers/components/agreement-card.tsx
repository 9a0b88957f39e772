/**
 * The brokering agreement in the consumer portal (docs/decisions.md, "Agreements"): the current version filled in for
 * the deal, and "Type your full name to sign"; once signed, who signed and when. The concierge fee's pay button waits
 * for the signature while the company requires it (the API refuses the payment until then).
 */
import type * as z from 'zod';
import { signAgreementRequestSchema, type ConsumerAgreementResponse } from '@shared/agreements/api';
import { formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { SectionCard } from '@web/components/ui/section-card';
import { toast } from '@web/components/ui/toast';
import { useSignAgreement } from '../api/consumer-agreement';
import styles from './agreement.module.css';

const signFormSchema = signAgreementRequestSchema.pick({ fullName: true });

export function AgreementCard({ dealId, agreement }: { dealId: string; agreement: ConsumerAgreementResponse }) {
  const form = useZodForm(signFormSchema, { defaultValues: { fullName: '' } });
  const sign = useSignAgreement(dealId);
  if (agreement.version === null || agreement.text === null) return null;
  const version = agreement.version;

  return (
    <SectionCard title="Brokering Agreement">
      <div className={styles.stack}>
        <div className={styles.text} tabIndex={0} aria-label="Agreement text">
          {agreement.text}
        </div>
        {agreement.signature ? (
          <p>
            <Badge variant="success">Signed</Badge> by {agreement.signature.signedName} on{' '}
            {formatDateTime(agreement.signature.signedAt)}
          </p>
        ) : (
          <Form
            form={form}
            aria-label="Sign the agreement"
            onSubmit={({ fullName }: z.output<typeof signFormSchema>) =>
              sign.mutateAsync({ fullName, version }).then(
                () =>
                  toast({ title: 'Agreement signed', description: 'A copy is on its way to your e-mail.', variant: 'success' }),
                (error: Error) => {
                  toast({ title: 'Could not sign', description: error.message, variant: 'destructive' });
                  throw error;
                },
              )
            }
          >
            <TextField name="fullName" label="Type your full name to sign" autoComplete="name" />
            <SubmitButton block={false} size="md" pendingLabel="Signing...">
              Sign Agreement
            </SubmitButton>
          </Form>
        )}
      </div>
    </SectionCard>
  );
}
