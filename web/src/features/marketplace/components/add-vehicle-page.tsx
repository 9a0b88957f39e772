/** /marketplace/new: add a vehicle to the marketplace; Back and Cancel return to /marketplace, as does success. */
import { Link, useNavigate } from 'react-router';
import { MARKETPLACE_DEFAULT_AVAILABLE_STOCK } from '@shared/constants';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { buttonClassName } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api-client';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { useAddMarketplaceVehicle } from '../api/save-marketplace-vehicle';
import { VehicleForm } from './vehicle-form';

export function AddVehiclePage() {
  useDocumentTitle('Add Vehicle');
  const user = useRequiredUser();
  const navigate = useNavigate();
  const add = useAddMarketplaceVehicle();

  return (
    <AppShell>
      <PageHeader
        title="Add Vehicle to Marketplace"
        description="Lease defaults apply: 12,000 miles a year, 0% APR, available."
        actions={
          <Link to="/marketplace" className={buttonClassName({ variant: 'secondary' })}>
            Back
          </Link>
        }
      />
      <Card>
        <CardContent>
          <VehicleForm
            user={user}
            defaultValues={{ availableStock: MARKETPLACE_DEFAULT_AVAILABLE_STOCK, incentives: [], imageUrl: null }}
            submitLabel="Add Vehicle"
            pendingLabel="Adding…"
            cancelTo="/marketplace"
            onSave={async (vehicle) => {
              try {
                const added = await add.mutateAsync(vehicle);
                toast({
                  title: 'Vehicle added',
                  description: `${added.year} ${added.make} ${added.model} is in the marketplace.`,
                  variant: 'success',
                });
                await navigate('/marketplace');
              } catch (error) {
                // A 409 is the stock number's: the form puts it on the field.
                if (!isApiError(error) || error.status !== 409) {
                  toast({ title: 'Error adding vehicle', description: (error as Error).message, variant: 'destructive' });
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
