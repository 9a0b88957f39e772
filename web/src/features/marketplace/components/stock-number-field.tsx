/**
 * The stock number with its live uniqueness check: asked on change (after a pause in typing) and on blur, the
 * answer shows "This stock number is already in use" under the field. The check is a hint; the database decides
 * on submit (its 409 lands here too). `known` remembers the answers so the form can refuse a submit at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { STOCK_NUMBER_TAKEN_MESSAGE, stockNumberField, stockNumberKey } from '@shared/marketplace/schemas';
import { TextField } from '@web/components/ui/form';
import { logger } from '@web/lib/logger';
import { isStockNumberAvailable } from '../api/check-stock-number';

const CHECK_DELAY_MS = 400;

export interface StockNumberCheck {
  /** Stock number keys known to be taken by another vehicle. */
  taken: Set<string>;
  /**
   * Keys the database refused on submit (409). The live check is only a hint: an "available" answer to a check
   * that raced the submit (leaving the field by clicking Add Vehicle starts one) must not clear the database's verdict.
   */
  refused: Set<string>;
}

export function useStockNumberCheck(): StockNumberCheck {
  const [check] = useState<StockNumberCheck>(() => ({ taken: new Set(), refused: new Set() }));
  return check;
}

/** Whether the last answer for this stock number was "in use". */
export function isKnownTaken(check: StockNumberCheck, stockNumber: string | undefined): boolean {
  return !!stockNumber?.trim() && check.taken.has(stockNumberKey(stockNumber));
}

export function StockNumberField({
  check,
  vehicleId,
  ownStockNumber,
  name = 'stockNumber',
}: {
  check: StockNumberCheck;
  /** When editing: the vehicle, whose own stock number is not "in use". */
  vehicleId?: string;
  ownStockNumber?: string;
  name?: string;
}) {
  const { control, setError, clearErrors, getFieldState } = useFormContext();
  const value = useWatch({ control, name }) as string | undefined;
  const controller = useRef<AbortController | null>(null);

  const run = async (stockNumber: string | undefined) => {
    controller.current?.abort();
    const text = stockNumber?.trim() ?? '';
    // A stock number the form refuses anyway (characters, length) is not asked about: the form's message shows.
    const checkable = stockNumberField.safeParse(text).success;
    if (!checkable || (ownStockNumber && stockNumberKey(ownStockNumber) === stockNumberKey(text))) {
      if (getFieldState(name).error?.type === 'taken') clearErrors(name);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    try {
      const available = await isStockNumberAvailable(text, { exceptVehicleId: vehicleId, signal: abort.signal });
      if (abort.signal.aborted) return;
      const key = stockNumberKey(text);
      if (available && !check.refused.has(key)) {
        check.taken.delete(key);
        if (getFieldState(name).error?.type === 'taken') clearErrors(name);
      } else if (!available) {
        check.taken.add(key);
        setError(name, { type: 'taken', message: STOCK_NUMBER_TAKEN_MESSAGE });
      }
    } catch (error) {
      if (!abort.signal.aborted) logger.warn('Checking the stock number failed', error);
    }
  };

  useEffect(() => {
    const timer = window.setTimeout(() => void run(value), CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value starts a check
  }, [value]);

  useEffect(() => () => controller.current?.abort(), []);

  // The field's own blur belongs to the form binding; leaving the field (focusout bubbles) checks at once.
  return (
    <div onBlur={() => void run(value)}>
      <TextField name={name} label="Stock number" autoComplete="off" />
    </div>
  );
}
