/**
 * /deals/{id} for a consumer: the deal page without what consumers never see (lead source,
 * broker fees, credit application card, activity) and without Edit Deal, from the API's reduced answer; refer a
 * friend on a closed deal, as in the portal. Another
 * consumer's deal, or one that does not exist, is the not-found page with the way back to the portal.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ConsumerDealDetail } from '@shared/consumers/api';
import { DEAL_STATUS_LABELS } from '@shared/deals/enums';
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
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useConsumerDeal } from '../api/consumer-deal';
import { CONSUMER_HOME_PATH } from './consumer-dashboard-page';
import { ContactLink, Facts, SectionCard, orDash } from '@web/components/ui/section-card';
import { carName } from './portal-deal-panel';
import { ConsumerProposalsCard } from './consumer-proposals-card';
import { ReferFriendCard } from './refer-friend-card';
import { VehicleImage } from './vehicle-image';
import styles from './consumers.module.css';

export function ConsumerDealPage() {
  const { id = '' } = useParams();
  const deal = useConsumerDeal(id);
  const notFound = deal.isError && isApiError(deal.error) && (deal.error.status === 404 || deal.error.status === 403);
  useDocumentTitle(deal.data ? carName(deal.data.deal) : notFound ? 'Deal not found' : 'Deal');

  useEffect(() => {
    if (!deal.error) return;
    if (notFound) {
      toast({ title: 'Deal not found', description: 'It was deleted, or it is not yours to see.', variant: 'destructive' });
      return;
    }
    logger.error('Loading the deal failed', deal.error);
    toast({ title: 'Error loading deal', description: deal.error.message, variant: 'destructive' });
  }, [deal.error, notFound]);

  if (deal.isPending) {
    return (
      <AppShell>
        <LoadingBlock label="Loading deal" />
      </AppShell>
    );
  }
  if (deal.isError) return <ConsumerDealNotFound loadFailed={!notFound} />;
  return <ConsumerDealView detail={deal.data} />;
}

function ConsumerDealView({ detail }: { detail: ConsumerDealDetail }) {
  const { deal, client, dealership } = detail;
  const name = carName(deal);

  return (
    <AppShell>
      <PageHeader
        title={name}
        badges={<Badge variant="primary">{DEAL_STATUS_LABELS[deal.status]}</Badge>}
        description={deal.trim ?? undefined}
        actions={<BackToPortal variant="secondary" />}
      />
      <div className={styles.deal}>
        <div className={styles.column}>
          <div className={styles.hero}>
            <VehicleImage src={deal.imageUrl} alt={name} />
          </div>
          <VehicleCard deal={deal} />
          <DealTermsCard deal={deal} />
          <IncentivesCard incentives={deal.incentives} />
          <TradeInCard deal={deal} />
          <NotesCard notes={deal.notes} />
        </div>
        <div className={styles.column}>
          <SectionCard title="Client">
            <Facts
              rows={[
                ['Name', client.fullName],
                ['Email', <ContactLink kind="mailto" value={client.email} />],
                ['Phone', <ContactLink kind="tel" value={client.phone} />],
                ['Credit score', orDash(client.creditScoreRange)],
              ]}
            />
          </SectionCard>
          <DealershipCard dealership={dealership} />
          <DealInformationCard deal={deal} />
          <ConsumerProposalsCard dealId={deal.id} />
          {/* Wherever a consumer reads a closed deal, they may refer a friend from it (docs/decisions.md, "Consumers (web)"). */}
          {detail.referralOffered && <ReferFriendCard dealId={deal.id} />}
        </div>
      </div>
    </AppShell>
  );
}

function BackToPortal({ variant }: { variant?: 'primary' | 'secondary' }): ReactNode {
  return (
    <Link to={CONSUMER_HOME_PATH} className={buttonClassName({ variant })}>
      Back to Portal
    </Link>
  );
}

/** The not-found page for a deal, with the way back to the consumer's own home rather than /deals. */
function ConsumerDealNotFound({ loadFailed }: { loadFailed: boolean }) {
  return (
    <AppShell>
      <div className={styles.notFound}>
        <h1>{loadFailed ? 'Error loading deal' : 'Deal not found'}</h1>
        <p className={styles.muted}>
          {loadFailed ? 'Please try again in a moment.' : 'This deal was deleted, or it is not yours to see.'}
        </p>
        <BackToPortal />
      </div>
    </AppShell>
  );
}
