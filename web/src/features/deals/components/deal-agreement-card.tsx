/**
 * The deal page's "Brokering Agreement" card (docs/decisions.md, "Agreements"): where the client's agreement stands
 * (not sent, sent, viewed, signed, with who signed, when and from where) and, for the deal's broker or an admin,
 * "Send agreement link" (an e-mail to the client with the portal link).
 */
import { AGREEMENT_STATE_LABELS, type AgreementState, type DealAgreementResponse } from '@shared/agreements/api';
import { formatDateTime } from '@shared/format';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Facts, SectionCard } from '@web/components/ui/section-card';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { useSendAgreement } from '../api/deal-agreement';

const STATE_VARIANTS: Record<AgreementState, BadgeVariant> = {
  not_sent: 'neutral',
  sent: 'primary',
  viewed: 'primary',
  signed: 'success',
};

export function DealAgreementCard({
  dealId,
  agreement,
  maySend,
}: {
  dealId: string;
  agreement: DealAgreementResponse;
  maySend: boolean;
}) {
  const send = useSendAgreement(dealId);
  const onSend = useSingleFlight(() => send.mutateAsync().catch(() => undefined));
  const { state, sentAt, viewedAt, signature, required } = agreement;

  return (
    <SectionCard title="Brokering Agreement">
      <Facts
        rows={[
          ['State', <Badge variant={STATE_VARIANTS[state]}>{AGREEMENT_STATE_LABELS[state]}</Badge>],
          ['Required before the fee', required ? 'Yes' : 'No'],
          ...(sentAt ? [['Link sent', formatDateTime(sentAt)] as const] : []),
          ...(viewedAt ? [['Viewed', formatDateTime(viewedAt)] as const] : []),
          ...(signature
            ? [
                [
                  'Signed',
                  `${signature.signedName}, ${formatDateTime(signature.signedAt)} (version ${signature.version}, from ${signature.sourceIp})`,
                ] as const,
              ]
            : []),
        ]}
      />
      {maySend && !signature && (
        <Button variant="secondary" isLoading={send.isPending} onClick={() => void onSend()}>
          Send Agreement Link
        </Button>
      )}
    </SectionCard>
  );
}
