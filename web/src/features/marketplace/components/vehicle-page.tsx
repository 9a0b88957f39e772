/**
 * /marketplace/{id}: the vehicle page the cards link to: image, every field, badges, counts, dealership. Opening it
 * records a view, and again after 2 seconds (`deal_views`), with the browser session's id; the API counts one
 * per session and day. Brokers may start a deal from it; admins and whoever added it may edit, archive, unarchive.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { VIEW_TRACKING_DELAY_MS } from '@shared/constants';
import { formatDate, formatMoneyCents } from '@shared/format';
import { MARKETPLACE_INCENTIVE_LABELS, type MarketplaceIncentive } from '@shared/marketplace/enums';
import { IncentivesCard } from '@web/components/deal-cards/deal-cards';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Facts, SectionCard } from '@web/components/ui/section-card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import { useMarketplaceVehicle } from '../api/get-marketplace-vehicle';
import { recordVehicleView } from '../api/record-vehicle-view';
import { useSetVehicleArchived } from '../api/save-marketplace-vehicle';
import { formatMileage, vehicleBadges } from '../vehicle-list';
import { viewSessionId } from '../view-session';
import styles from './marketplace.module.css';
import { EstimatePayment } from './estimate-payment';
import { VehicleImage } from './vehicle-image';
import { VehicleNotFound } from './vehicle-not-found';

export function VehiclePage() {
  const { id = '' } = useParams();
  const vehicle = useMarketplaceVehicle(id);
  useDocumentTitle(vehicle.data ? `${vehicle.data.year} ${vehicle.data.make} ${vehicle.data.model}` : 'Vehicle');
  useRecordView(id);

  if (vehicle.isPending) {
    return (
      <AppShell>
        <LoadingBlock label="Loading vehicle" />
      </AppShell>
    );
  }
  if (vehicle.isError) return <VehicleNotFound error={vehicle.error} />;
  return <VehicleDetail vehicle={vehicle.data} />;
}

function useRecordView(id: string): void {
  useEffect(() => {
    if (!id) return;
    const sessionId = viewSessionId();
    void recordVehicleView(id, sessionId);
    const timer = window.setTimeout(() => void recordVehicleView(id, sessionId), VIEW_TRACKING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [id]);
}

const money = (amount: number | null) => (amount == null ? '—' : formatMoneyCents(amount));

function VehicleDetail({ vehicle }: { vehicle: MarketplaceVehicleDetail }) {
  const user = useRequiredUser();
  const archive = useSetVehicleArchived(vehicle.id);
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

  const setArchived = async (archived: boolean) => {
    try {
      await archive.mutateAsync(archived);
      toast({ title: archived ? 'Vehicle archived' : 'Vehicle unarchived', variant: 'success' });
    } catch (error) {
      toast({
        title: archived ? 'Error archiving vehicle' : 'Error unarchiving vehicle',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <AppShell>
      <PageHeader
        title={name}
        badges={vehicleBadges(vehicle).map((badge) => (
          <Badge key={badge.label} variant={badge.variant}>
            {badge.label}
          </Badge>
        ))}
        description={vehicle.trim ?? undefined}
        actions={
          <>
            <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
              Back
            </Link>
            <EstimatePayment vehicle={vehicle} />
            {user.role === 'broker' && (
              <Link to={`/deals/new?vehicleId=${encodeURIComponent(vehicle.id)}`} className={buttonClassName()}>
                Create deal from this vehicle
              </Link>
            )}
            {vehicle.canEdit && (
              <>
                <Link to={`/marketplace/${vehicle.id}/edit`} className={buttonClassName({ variant: 'secondary' })}>
                  Edit
                </Link>
                <Button
                  variant={vehicle.isArchived ? 'secondary' : 'destructive'}
                  isLoading={archive.isPending}
                  onClick={() => void setArchived(!vehicle.isArchived)}
                >
                  {vehicle.isArchived ? 'Unarchive' : 'Archive'}
                </Button>
              </>
            )}
          </>
        }
      />
      <div className={styles.detail}>
        <div className={styles.side}>
          <div className={styles.hero}>
            <VehicleImage src={vehicle.imageUrl} alt={name} eager />
          </div>
          <SectionCard title="Lease terms">
            <Facts
              rows={[
                ['Monthly payment', money(vehicle.monthlyPayment)],
                ['Down payment', money(vehicle.downPayment)],
                ['Total due at signing', money(vehicle.totalDueAtSigning)],
                ['MSRP', money(vehicle.msrp)],
                ['Term', `${vehicle.termMonths} months`],
                ['Mileage', vehicle.mileageAllowance == null ? '—' : formatMileage(vehicle.mileageAllowance)],
                ['APR', vehicle.apr == null ? '—' : `${vehicle.apr}%`],
                ['Expires', vehicle.expirationDate ? formatDate(vehicle.expirationDate) : '—'],
              ]}
            />
          </SectionCard>
        </div>
        <div className={styles.side}>
          <SectionCard title="Vehicle">
            <Facts
              rows={[
                ['Stock #', vehicle.stockNumber ?? '—'],
                ['Year', vehicle.year],
                ['Make', vehicle.make],
                ['Model', vehicle.model],
                ['Trim', vehicle.trim ?? '—'],
                ['VIN', vehicle.vin ?? '—'],
                ['Available', vehicle.availableStock],
                ['Views', vehicle.viewCount],
                ['Pending deals', vehicle.pendingDealCount],
              ]}
            />
          </SectionCard>
          <SectionCard title="Dealership">
            {vehicle.dealership ? (
              <p>
                <strong>{vehicle.dealership.name}</strong>
                {vehicle.dealership.location && (
                  <>
                    <br />
                    <span className={styles.muted}>{vehicle.dealership.location}</span>
                  </>
                )}
              </p>
            ) : (
              <p className={styles.muted}>No dealership</p>
            )}
          </SectionCard>
          <IncentivesCard
            incentives={vehicle.incentives}
            label={(incentive) => MARKETPLACE_INCENTIVE_LABELS[incentive as MarketplaceIncentive] ?? incentive}
          />
          {vehicle.notes && (
            <SectionCard title="Notes">
              <p style={{ whiteSpace: 'pre-wrap' }}>{vehicle.notes}</p>
            </SectionCard>
          )}
        </div>
      </div>
    </AppShell>
  );
}
