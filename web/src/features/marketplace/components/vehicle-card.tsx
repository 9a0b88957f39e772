/** One marketplace vehicle in the list: badges, stock number, payment terms and counts; the title links to its page. */
import { Link } from 'react-router';
import { formatMoneyCents } from '@shared/format';
import cardStyles from '@web/components/ui/vehicle-card.module.css';
import { Badge } from '@web/components/ui/badge';
import type { MarketplaceVehicleView } from '@shared/marketplace/api';
import { formatMileage, vehicleBadges } from '../vehicle-list';
import styles from './marketplace.module.css';
import { VehicleImage } from './vehicle-image';

export function VehicleCard({ vehicle }: { vehicle: MarketplaceVehicleView }) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <article className={`${cardStyles.card} ${styles.card}`}>
      <div className={styles.media}>
        <VehicleImage src={vehicle.imageUrl} alt={name} />
      </div>
      <div className={styles.body}>
        <div className={styles.badges}>
          {vehicleBadges(vehicle).map((badge) => (
            <Badge key={badge.label} variant={badge.variant}>
              {badge.label}
            </Badge>
          ))}
        </div>
        <h3 className={cardStyles.name}>
          <Link to={`/marketplace/${vehicle.id}`} className={cardStyles.link}>
            {name}
          </Link>
        </h3>
        {vehicle.trim && <p className={styles.muted}>{vehicle.trim}</p>}
        <p className={cardStyles.payment}>
          {formatMoneyCents(vehicle.monthlyPayment)}
          <span>/mo</span>
        </p>
        <dl className={cardStyles.terms}>
          <dt>Stock #</dt>
          <dd>{vehicle.stockNumber ?? '—'}</dd>
          <dt>Down payment</dt>
          <dd>{formatMoneyCents(vehicle.downPayment)}</dd>
          <dt>Term</dt>
          <dd>{vehicle.termMonths} months</dd>
          <dt>Mileage</dt>
          <dd>{vehicle.mileageAllowance == null ? '—' : formatMileage(vehicle.mileageAllowance)}</dd>
          <dt>Views</dt>
          <dd>{vehicle.viewCount}</dd>
          <dt>Pending deals</dt>
          <dd>{vehicle.pendingDealCount}</dd>
        </dl>
      </div>
    </article>
  );
}
