/** /marketplace/{id}/edit: the add form over a vehicle the caller may edit (admins, and the broker or dealer who added it). */
import { Link, useNavigate, useParams } from 'react-router';
import type { MarketplaceIncentive } from '@shared/marketplace/enums';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { buttonClassName } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import { useMarketplaceVehicle } from '../api/get-marketplace-vehicle';
import { useUpdateMarketplaceVehicle } from '../api/save-marketplace-vehicle';
import { VehicleNotFound } from './vehicle-not-found';
import { VehicleForm } from './vehicle-form';

export function EditVehiclePage() {
  useDocumentTitle('Edit Vehicle');
  const { id = '' } = useParams();
  const vehicle = useMarketplaceVehicle(id);

  // Data first: once the form is shown, a reload that fails keeps it and what was typed (docs/decisions.md, "Web").
  if (vehicle.data) {
    return vehicle.data.canEdit ? <EditVehicle vehicle={vehicle.data} /> : <VehicleNotFound error={null} />;
  }
  if (vehicle.isError) return <VehicleNotFound error={vehicle.error} />;
  return (
    <AppShell>
      <LoadingBlock label="Loading vehicle" />
    </AppShell>
  );
}

function EditVehicle({ vehicle }: { vehicle: MarketplaceVehicleDetail }) {
  const user = useRequiredUser();
  const navigate = useNavigate();
  const update = useUpdateMarketplaceVehicle(vehicle.id);
  const back = `/marketplace/${vehicle.id}`;
  return (
    <AppShell>
      <PageHeader
        title={`Edit ${vehicle.year} ${vehicle.make} ${vehicle.model}`}
        actions={
          <Link to={back} className={buttonClassName({ variant: 'secondary' })}>
            Back
          </Link>
        }
      />
      <Card>
        <CardContent>
          <VehicleForm
            user={user}
            vehicleId={vehicle.id}
            ownStockNumber={vehicle.stockNumber ?? undefined}
            dealership={vehicle.dealership}
            defaultValues={{
              stockNumber: vehicle.stockNumber ?? '',
              year: vehicle.year,
              make: vehicle.make,
              model: vehicle.model,
              trim: vehicle.trim ?? '',
              vin: vehicle.vin ?? '',
              msrp: vehicle.msrp ?? undefined,
              totalDueAtSigning: vehicle.totalDueAtSigning ?? undefined,
              downPayment: vehicle.downPayment ?? undefined,
              monthlyPayment: vehicle.monthlyPayment,
              termMonths: vehicle.termMonths,
              availableStock: vehicle.availableStock,
              expirationDate: vehicle.expirationDate ?? '',
              incentives: vehicle.incentives as MarketplaceIncentive[],
              notes: vehicle.notes ?? '',
              imageUrl: vehicle.imageUrl,
              dealershipId: vehicle.dealershipId ?? undefined,
            }}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            cancelTo={back}
            onSave={async (values) => {
              try {
                await update.mutateAsync(values);
                toast({ title: 'Vehicle updated', variant: 'success' });
                await navigate(back);
              } catch (error) {
                // A 409 is the stock number's: the form puts it on the field.
                if (!isApiError(error) || error.status !== 409) {
                  toast({ title: 'Error updating vehicle', description: (error as Error).message, variant: 'destructive' });
                }
                throw error;
              }
            }}
          />
        </CardContent>
      </Card>
    </AppShell>
  );
}
