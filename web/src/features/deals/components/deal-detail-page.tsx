/**
 * /deals/{id}: the deal page in one API call: image, vehicle, terms (2 decimals; money factor on leases only),
 * incentives, trade-in, notes and the activity trail; beside them the client, lead source, broker (fees),
 * dealership, credit application (hidden once finalized or closed) and deal information cards. "Edit Deal" and
 * "Delete" show when the API says the caller may. Not found: see DealNotFound.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { DealDetail } from '@shared/deals/api';
import { formatDate, formatMoneyWhole } from '@shared/format';
import {
  DealInformationCard,
  DealTermsCard,
  DealershipCard,
  IncentivesCard,
  NotesCard,
  TradeInCard,
  VehicleCard,
} from '@web/components/deal-cards/deal-cards';
import { AppShell } from '@web/components/layouts/app-shell';
import { RecordTasks } from '@web/components/tasks/record-tasks';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { ProgramCard } from '@web/components/desking/program-card';
import { ContactLink, Facts, SectionCard, orDash } from '@web/components/ui/section-card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/document-title';
import { isOwnerOrAdmin } from '@shared/auth/ownership';
import { useRequiredUser } from '@web/lib/auth';
import { logger } from '@web/lib/logger';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { useDeal } from '../api/get-deal';
import { useSendToDealer } from '../api/send-to-dealer';
import { dealName } from '../deal-format';
import { statusBadge } from '../deal-list';
import { ActivityList } from './activity-list';
import { CreditApplicationCard } from './credit-application-card';
import { DealImage } from './deal-image';
import { DealNotFound } from './deal-not-found';
import styles from './deals.module.css';
import { DeleteDealDialog } from './delete-deal-dialog';
import { DealAgreementCard } from './deal-agreement-card';
import { ProposalsCard } from './proposals-card';
import { acceptedProposalId } from '../deal-format';
import { PaymentsToReview } from './payments-to-review';

export function DealDetailPage() {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const navigate = useNavigate();
  // Only a first load decides between the page, "not found" and leaving: once the deal is shown, a reload that fails
  // (after a change elsewhere on the page, on a busy server) keeps it and what is being typed (docs/decisions.md, "Web").
  const failed = deal.isError && deal.data === undefined;
  const notFound = failed && isNotFound(deal.error);
  useDocumentTitle(deal.data ? dealName(deal.data.deal) : notFound ? 'Deal not found' : 'Deal');

  useEffect(() => {
    if (!failed || !deal.error) return;
    if (isNotFound(deal.error)) {
      toast({ title: 'Deal not found', description: 'It was deleted, or it is not yours to see.', variant: 'destructive' });
      return;
    }
    // A load failure on the detail page toasts and goes back to the list.
    logger.error('Loading the deal failed', deal.error);
    toast({ title: 'Error loading deal', description: deal.error.message, variant: 'destructive' });
    void navigate('/deals', { replace: true });
  }, [failed, deal.error, navigate]);

  if (deal.data) return <DealView detail={deal.data} />;
  if (failed) return notFound ? <DealNotFound /> : null;
  return (
    <AppShell>
      <LoadingBlock label="Loading deal" />
    </AppShell>
  );
}

/** 404 (no such deal, or not the caller's: the API does not tell them apart) and 403 (a role that sees no deals). */
function isNotFound(error: Error): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403);
}

const whole = (amount: number | null) => (amount == null ? '—' : formatMoneyWhole(amount));

function DealView({ detail }: { detail: DealDetail }) {
  const { deal, client, dealership, broker } = detail;
  const user = useRequiredUser();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const name = dealName(deal);
  const badge = statusBadge(deal.status);

  return (
    <AppShell>
      <PageHeader
        title={name}
        badges={<Badge variant={badge.variant}>{badge.label}</Badge>}
        description={deal.trim ?? undefined}
        actions={
          <>
            <Link to="/deals" className={buttonClassName({ variant: 'secondary' })}>
              Back to Deals
            </Link>
            {(user.role === 'admin' || user.role === 'broker') && detail.canEdit && (
              <SendToDealerButton dealId={deal.id} leadEmail={dealership?.leadEmail ?? null} hasDealership={!!dealership} />
            )}
            {detail.canEdit && (
              <Link to={`/deals/${deal.id}/edit`} className={buttonClassName()}>
                Edit Deal
              </Link>
            )}
            {detail.canDelete && (
              <Button variant="destructive" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </>
        }
      />

      <PaymentsToReview
        dealId={deal.id}
        revision={deal.revision}
        feePaid={deal.conciergeFeePaid}
        payments={detail.paymentsToReview}
      />

      <div className={styles.detail}>
        <div className={styles.column}>
          <div className={styles.hero}>
            <DealImage src={deal.imageUrl} alt={name} />
          </div>

          <VehicleCard deal={deal} />
          <DealTermsCard deal={deal} />
          <ProgramCard deal={deal} comparesPrograms={user.role === 'admin' || user.role === 'broker'} />

          {deal.status === 'not_sold' && (
            <SectionCard title="Not Sold">
              <Facts
                rows={[
                  ['Reason', orDash(deal.notSoldReason)],
                  ['Follow-up date', deal.followUpDate ? formatDate(deal.followUpDate) : '—'],
                  ['Notes', orDash(deal.notSoldNotes)],
                ]}
              />
            </SectionCard>
          )}

          {deal.maturityDate && (
            <SectionCard title="Lease Maturity">
              <Facts
                rows={[
                  ['Lease start', deal.leaseStartDate ? formatDate(deal.leaseStartDate) : '—'],
                  ['Matures', formatDate(deal.maturityDate)],
                ]}
              />
            </SectionCard>
          )}

          <IncentivesCard incentives={deal.incentives} />
          <TradeInCard deal={deal} />
          <NotesCard notes={deal.notes} />

          <SectionCard title="Activity">
            <ActivityList activity={detail.activity} />
          </SectionCard>
        </div>

        <div className={styles.column}>
          <SectionCard title="Client">
            {client ? (
              <Facts
                rows={[
                  ['Name', client.fullName],
                  ['Email', client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : '—'],
                  ['Phone', <ContactLink kind="tel" value={client.phone} />],
                  ['Credit score', orDash(deal.creditScoreRange ?? client.creditScoreRange)],
                ]}
              />
            ) : (
              <p className={styles.muted}>No client assigned</p>
            )}
          </SectionCard>

          <SectionCard title="Lead Source">
            <Facts
              rows={[
                ['Source', orDash(deal.heardAboutUs)],
                ['Referred by', orDash(deal.heardAboutUsReferral)],
                ['Affinity program', orDash(deal.heardAboutUsAffinity)],
                ...(deal.sourceLeadId ? [['Quote request', <LeadLink leadId={deal.sourceLeadId} />] as const] : []),
              ]}
            />
          </SectionCard>

          <SectionCard title="Broker">
            <Facts
              rows={[
                ['Name', broker?.fullName ?? '—'],
                ['Dealer fee', whole(deal.brokerFeeDealer)],
                ['Client fee', whole(deal.brokerFeeClient)],
                ['Total', formatMoneyWhole(deal.brokerFeeTotal)],
              ]}
            />
          </SectionCard>

          <DealershipCard dealership={dealership} />

          {detail.showsCreditApplication && (
            <CreditApplicationCard
              dealId={deal.id}
              formType={deal.creditAppFormType}
              link={detail.creditApplication}
              canRegenerate={detail.canRegenerateCreditApplication}
            />
          )}

          <DealInformationCard deal={deal} />

          {(user.role === 'admin' || user.role === 'broker') && (
            <RecordTasks kind="deal" id={deal.id} tasks={detail.openTasks ?? []} />
          )}

          {detail.agreement && (
            <DealAgreementCard dealId={deal.id} agreement={detail.agreement} maySend={isOwnerOrAdmin(user, deal.brokerId)} />
          )}

          <ProposalsCard
            dealId={deal.id}
            dealStatus={deal.status}
            mayShare={isOwnerOrAdmin(user, deal.brokerId)}
            acceptedProposalId={acceptedProposalId(detail.activity)}
          />
        </div>
      </div>

      {detail.canDelete && (
        <DeleteDealDialog
          deal={deleting ? { id: deal.id, name } : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate('/deals', { replace: true })}
        />
      )}
    </AppShell>
  );
}

/** The lead a converted deal came from: a link for those who work leads (dealers cannot open the lead inbox). */
function LeadLink({ leadId }: { leadId: string }) {
  const user = useRequiredUser();
  if (user.role !== 'admin' && user.role !== 'broker') return <>From a quote request</>;
  return <Link to={`/leads/${encodeURIComponent(leadId)}`}>View the lead</Link>;
}

/**
 * "Send to dealer": the deal as an ADF lead to the dealership's lead e-mail address; disabled, saying why, when there
 * is none. It asks first (an e-mail to a third party cannot be taken back: docs/decisions.md, "ADF leads"); the
 * dialog's Send is guarded from its first click (disabled while sending).
 */
function SendToDealerButton({
  dealId,
  leadEmail,
  hasDealership,
}: {
  dealId: string;
  leadEmail: string | null;
  hasDealership: boolean;
}) {
  const send = useSendToDealer(dealId);
  const [confirming, setConfirming] = useState(false);
  const sendOnce = useSingleFlight(async () => {
    await send.mutateAsync().catch(() => undefined); // the mutation toasts its own failure
    setConfirming(false);
  });
  const reason = !hasDealership
    ? 'This deal has no dealership to send it to.'
    : !leadEmail
      ? 'The dealership has no lead e-mail address. An admin can add one on the Dealerships page.'
      : null;
  return (
    <>
      <Button
        variant="secondary"
        disabled={reason !== null || send.isPending}
        isLoading={send.isPending}
        aria-describedby={reason ? 'send-to-dealer-reason' : undefined}
        title={reason ?? `E-mail the deal as an ADF lead to ${leadEmail}`}
        onClick={() => setConfirming(true)}
      >
        Send to Dealer
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Send to Dealer"
        description={`E-mail this deal as an ADF lead to ${leadEmail ?? 'the dealership'}? The dealer receives the client's name and contact details.`}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button isLoading={send.isPending} disabled={send.isPending} onClick={() => void sendOnce()}>
            Send
          </Button>
        </DialogActions>
      </Dialog>
      {reason && (
        <span id="send-to-dealer-reason" className={styles.muted}>
          {reason}
        </span>
      )}
    </>
  );
}
