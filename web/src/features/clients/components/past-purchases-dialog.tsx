/**
 * A client's Past Purchases: their deals in two lists, Active Deals (neither closed nor finalized) and Archived
 * Deals (closed or finalized), as the API splits them, newest first; each deal is a link to its page. The deals
 * are asked for when the dialog opens.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ClientDeal, ClientView } from '@shared/clients/api';
import { DEAL_STATUS_LABELS } from '@shared/deals/enums';
import { formatDate, formatMoneyWhole } from '@shared/format';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { Dialog } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { logger } from '@web/lib/logger';
import { useClientDeals } from '../api/clients';
import styles from './clients.module.css';

export interface PastPurchasesDialogProps {
  /** The client whose deals are shown; null while closed. */
  client: ClientView | null;
  onClose: () => void;
}

export function PastPurchasesDialog({ client, onClose }: PastPurchasesDialogProps) {
  return (
    <Dialog
      open={client !== null}
      onClose={onClose}
      title="Past Purchases"
      description={client ? `Deals of ${client.fullName}` : undefined}
    >
      {client && <ClientDeals clientId={client.id} />}
    </Dialog>
  );
}

function ClientDeals({ clientId }: { clientId: string }) {
  const deals = useClientDeals(clientId);

  useEffect(() => {
    if (!deals.error) return;
    logger.error('Loading a client’s deals failed', deals.error);
    toast({ title: 'Error loading deals', description: deals.error.message, variant: 'destructive' });
  }, [deals.error]);

  if (deals.isPending) return <LoadingBlock label="Loading deals" />;
  if (deals.isError) return <p className={styles.empty}>Error loading deals</p>;

  return (
    <div className={styles.purchases}>
      <DealList title="Active Deals" deals={deals.data.activeDeals} empty="No active deals" />
      <DealList title="Archived Deals" deals={deals.data.archivedDeals} empty="No archived deals" />
    </div>
  );
}

function DealList({ title, deals, empty }: { title: string; deals: ClientDeal[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h3 className={styles.subheading}>
        {title} ({deals.length})
      </h3>
      {deals.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.dealList}>
          {deals.map((deal) => (
            <li key={deal.id}>
              <Link to={`/deals/${encodeURIComponent(deal.id)}`} className={styles.dealLink}>
                <span className={styles.dealTitle}>
                  {deal.year} {deal.make} {deal.model}
                </span>
                <Badge variant={STATUS_BADGES[deal.status]}>{DEAL_STATUS_LABELS[deal.status]}</Badge>
                <span className={styles.dealMeta}>
                  {formatMoneyWhole(deal.monthlyPayment)}/mo · {dealDateLabel(deal)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A closed deal says when it closed; any other when it was created. */
function dealDateLabel(deal: ClientDeal): string {
  return deal.dealClosedAt ? `Closed ${formatDate(deal.dealClosedAt)}` : `Created ${formatDate(deal.createdAt)}`;
}

const STATUS_BADGES: Record<ClientDeal['status'], BadgeVariant> = {
  available: 'primary',
  pending: 'warning',
  active: 'success',
  finalized: 'primary',
  closed: 'neutral',
  expired: 'destructive',
  not_sold: 'destructive',
};
