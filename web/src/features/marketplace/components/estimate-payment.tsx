/**
 * "Estimate payment" on a marketplace vehicle: the desking panel in a dialog, prefilled from the offer.
 * What the offer states is read-only: MSRP and the rate (its APR), when it states them. What a broker estimates with
 * stays editable: term, cash down (the offer's down payment to start), tax rate and method, and the figures the offer
 * does not carry (selling price, starting at the MSRP; residual; fees, rebates, trade equity). Nothing is saved.
 */
import { useState } from 'react';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import { DeskingPanel } from '@web/components/desking/desking-panel';
import { EMPTY_DESKING, numberText, type DeskingValues } from '@web/components/desking/desking-model';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';

/** The offer's own figures: read-only when it states them, typed for the estimate when it does not. */
function readOnlyOf(vehicle: MarketplaceVehicleDetail): ReadonlySet<keyof DeskingValues> {
  const fields: (keyof DeskingValues)[] = [];
  if (vehicle.msrp != null) fields.push('msrp');
  if (vehicle.apr != null) fields.push('rate', 'rateKind');
  return new Set(fields);
}

function fromOffer(vehicle: MarketplaceVehicleDetail): DeskingValues {
  return {
    ...EMPTY_DESKING,
    msrp: numberText(vehicle.msrp),
    sellingPrice: numberText(vehicle.msrp),
    rateKind: vehicle.apr != null ? 'apr' : 'moneyFactor',
    rate: numberText(vehicle.apr),
    termMonths: numberText(vehicle.termMonths),
    cashDown: numberText(vehicle.downPayment),
  };
}

export function EstimatePayment({ vehicle }: { vehicle: MarketplaceVehicleDetail }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<DeskingValues>(() => fromOffer(vehicle));
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setValues(fromOffer(vehicle));
          setOpen(true);
        }}
      >
        Estimate payment
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Estimate payment"
        description="From this offer; enter the selling price, residual and tax to estimate."
      >
        <DeskingPanel values={values} onChange={setValues} readOnly={readOnlyOf(vehicle)} label="Payment estimate" />
      </Dialog>
    </>
  );
}
