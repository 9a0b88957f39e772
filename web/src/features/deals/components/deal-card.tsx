/**
 * One deal of the list, as a tile (DealCard) or a table row (DealRow): year, make and model, status badge, trim,
 * monthly payment, down payment, term, mileage per year and APR, whole dollars as on every list view. The name links
 * to the deal; an admin also gets a delete button, which opens the confirmation.
 */
import { Link } from 'react-router';
import { formatMileage, formatMoneyWhole } from '@shared/format';
import type { DealCard as DealCardData } from '@shared/deals/list-api';
import cardStyles from '@web/components/ui/vehicle-card.module.css';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { statusBadge } from '../deal-list';
import { dealName, formatApr } from '../deal-format';
import tableStyles from '@web/components/ui/table.module.css';
import styles from './deals.module.css';

interface DealItemProps {
  deal: DealCardData;
  /** Set for admins: asks to delete this deal. */
  onDelete?: (deal: DealCardData) => void;
}

export function DealCard({ deal, onDelete }: DealItemProps) {
  const badge = statusBadge(deal.status);
  return (
    <article className={`${cardStyles.card} ${styles.card}`}>
      <div className={styles.cardTop}>
        <h3 className={cardStyles.name}>
          <Link to={`/deals/${deal.id}`} className={cardStyles.link}>
            {dealName(deal)}
          </Link>
        </h3>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      {deal.trim && <p className={styles.muted}>{deal.trim}</p>}
      <p className={cardStyles.payment}>
        {formatMoneyWhole(deal.monthlyPayment)}
        <span>/mo</span>
      </p>
      <dl className={cardStyles.terms}>
        <dt>Down payment</dt>
        <dd>{formatMoneyWhole(deal.downPayment)}</dd>
        <dt>Term</dt>
        <dd>{deal.termMonths} months</dd>
        <dt>Mileage</dt>
        <dd>{deal.mileageAllowance == null ? '—' : formatMileage(deal.mileageAllowance)}</dd>
        <dt>APR</dt>
        <dd>{formatApr(deal.apr)}</dd>
      </dl>
      {onDelete && (
        <div className={styles.cardActions}>
          <Button size="sm" variant="destructive" onClick={() => onDelete(deal)} aria-label={`Delete ${dealName(deal)}`}>
            Delete
          </Button>
        </div>
      )}
    </article>
  );
}

export const DEAL_TABLE_HEADINGS = ['Vehicle', 'Status', 'Trim', 'Monthly', 'Down', 'Term', 'Mileage', 'APR'] as const;

export function DealRow({ deal, onDelete }: DealItemProps) {
  const badge = statusBadge(deal.status);
  return (
    <tr>
      <th scope="row">
        <Link to={`/deals/${deal.id}`}>{dealName(deal)}</Link>
      </th>
      <td>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </td>
      <td>{deal.trim ?? '—'}</td>
      <td className={tableStyles.number}>{formatMoneyWhole(deal.monthlyPayment)}</td>
      <td className={tableStyles.number}>{formatMoneyWhole(deal.downPayment)}</td>
      <td className={tableStyles.number}>{deal.termMonths} mo</td>
      <td className={tableStyles.number}>{deal.mileageAllowance == null ? '—' : formatMileage(deal.mileageAllowance)}</td>
      <td className={tableStyles.number}>{formatApr(deal.apr)}</td>
      {onDelete && (
        <td>
          <Button size="sm" variant="destructive" onClick={() => onDelete(deal)} aria-label={`Delete ${dealName(deal)}`}>
            Delete
          </Button>
        </td>
      )}
    </tr>
  );
}
