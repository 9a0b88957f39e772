/**
 * The marketplace vehicle form, for adding and editing (rules: shared/marketplace/schemas.ts), on the form
 * binding with the shared schema. What it adds to the binding: the live stock-number check and its blocked submit,
 * the image upload (the submit waits for it), the dealership choice with its inline add, and a 409 from the
 * database landing on the stock number.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { MARKETPLACE_INCENTIVES } from '@shared/marketplace/enums';
import {
  FIX_STOCK_NUMBER_MESSAGE,
  STOCK_NUMBER_TAKEN_MESSAGE,
  stockNumberKey,
  marketplaceVehicleEditSchema,
  marketplaceVehicleSchema,
  type MarketplaceVehicle,
  type MarketplaceVehicleInput,
} from '@shared/marketplace/schemas';
import { IncentivesField } from '@web/components/incentives-field/incentives-field';
import { buttonClassName } from '@web/components/ui/button';
import { Form, NumberField, SubmitButton, TextAreaField, TextField, useZodForm } from '@web/components/ui/form';
import { toast } from '@web/components/ui/toast';
import { VinField } from '@web/components/vin-field/vin-field';
import { isApiError } from '@web/lib/api-client';
import type { User } from '@web/lib/auth';
import type { DealershipChoice } from '../api/dealership-choices';
import { AddDealershipDialog } from './add-dealership-dialog';
import { DealershipField } from './dealership-field';
import { ImageUploadField } from './image-upload-field';
import styles from './marketplace.module.css';
import { StockNumberField, isKnownTaken, useStockNumberCheck } from './stock-number-field';

export interface VehicleFormProps {
  user: User;
  defaultValues: Partial<MarketplaceVehicleInput>;
  /** Saves the vehicle; rejects with the API's error (the form places its field messages). */
  onSave: (vehicle: MarketplaceVehicle) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  /** When editing: the vehicle, its own stock number and its saved dealership (the combobox shows its name). */
  vehicleId?: string;
  ownStockNumber?: string;
  dealership?: DealershipChoice | null;
}

export function VehicleForm({
  user,
  defaultValues,
  onSave,
  submitLabel,
  pendingLabel,
  cancelTo,
  vehicleId,
  ownStockNumber,
  dealership,
}: VehicleFormProps) {
  // Adding: the date is not in the past; editing: an expired vehicle keeps its date (the API's rules alike).
  const form = useZodForm(vehicleId ? marketplaceVehicleEditSchema : marketplaceVehicleSchema, { defaultValues });
  const stockNumberCheck = useStockNumberCheck();
  const [uploading, setUploading] = useState(false);
  const [addingDealership, setAddingDealership] = useState(false);
  // Dealerships whose names the form has without a search: the saved one and those added inline.
  const [knownDealerships, setKnownDealerships] = useState<DealershipChoice[]>(dealership ? [dealership] : []);

  const markStockNumberTaken = () => {
    form.setError('stockNumber', { type: 'taken', message: STOCK_NUMBER_TAKEN_MESSAGE });
    form.setFocus('stockNumber');
  };

  const submit = async (vehicle: MarketplaceVehicle) => {
    if (isKnownTaken(stockNumberCheck, vehicle.stockNumber) && vehicle.stockNumber !== ownStockNumber) {
      markStockNumberTaken();
      toast({ title: 'Error', description: FIX_STOCK_NUMBER_MESSAGE, variant: 'destructive' });
      return;
    }
    try {
      await onSave(vehicle);
    } catch (error) {
      // The database's answer to two adds of one stock number: the loser sees it on the field.
      if (isApiError(error) && error.status === 409) {
        const key = stockNumberKey(vehicle.stockNumber);
        stockNumberCheck.refused.add(key);
        stockNumberCheck.taken.add(key);
        markStockNumberTaken();
        toast({ title: 'Error', description: FIX_STOCK_NUMBER_MESSAGE, variant: 'destructive' });
        return;
      }
      throw error;
    }
  };

  return (
    <>
      <Form
        form={form}
        onSubmit={submit}
        onInvalid={(invalid) => {
          if (isKnownTaken(stockNumberCheck, form.getValues('stockNumber'))) {
            form.setError('stockNumber', { type: 'taken', message: STOCK_NUMBER_TAKEN_MESSAGE });
          }
          toast({ title: 'Error', description: invalid[0]?.message ?? 'Invalid input', variant: 'destructive' });
        }}
        aria-label="Vehicle"
        className={styles.form}
      >
        <div className={styles.fields}>
          <StockNumberField check={stockNumberCheck} vehicleId={vehicleId} ownStockNumber={ownStockNumber} />
          <NumberField name="year" label="Year" integer />
          <TextField name="make" label="Make" />
          <TextField name="model" label="Model" />
          <TextField name="trim" label="Trim" optional />
          <VinField />
          <NumberField name="msrp" label="MSRP" optional />
          <NumberField name="totalDueAtSigning" label="Total due at signing" optional />
          <NumberField name="downPayment" label="Down payment" optional />
          <NumberField name="monthlyPayment" label="Monthly payment" />
          <NumberField name="termMonths" label="Term (months)" integer />
          <NumberField name="availableStock" label="Available stock" integer />
          <TextField name="expirationDate" label="Expiration date" type="date" />
          <div className={styles.wide}>
            <DealershipField user={user} known={knownDealerships} onAddDealership={() => setAddingDealership(true)} />
          </div>
          <IncentivesField options={MARKETPLACE_INCENTIVES} />
          <ImageUploadField onUploadingChange={setUploading} />
          <div className={styles.wide}>
            <TextAreaField name="notes" label="Notes" optional />
          </div>
        </div>
        <div className={styles.actions}>
          <Link to={cancelTo} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
          <SubmitButton block={false} size="md" disabled={uploading} pendingLabel={pendingLabel}>
            {uploading ? 'Uploading image…' : submitLabel}
          </SubmitButton>
        </div>
      </Form>
      {user.role !== 'dealer' && (
        <AddDealershipDialog
          open={addingDealership}
          onClose={() => setAddingDealership(false)}
          onAdded={(added) => {
            setAddingDealership(false);
            setKnownDealerships((known) => [...known, added]);
            form.setValue('dealershipId', added.id, { shouldDirty: true });
          }}
        />
      )}
    </>
  );
}
