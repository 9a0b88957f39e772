/**
 * What /deals/new may be opened with after converting a lead (@shared/leads/conversion): the query
 * (`?clientId=&leadId=&year=&make=&model=&trim=`, kept by a reload or a copied link) and the navigation state's
 * `dealPrefill` (everything else the shopper typed: trade-in, incentives, credit range, mileage, notes). Only values
 * the deal form could hold are taken from the query: a year that is not a whole number, or text over the field
 * limits, is left out and the broker types it. The broker reviews everything before saving.
 */
import { TEXT_LIMITS } from '@shared/constants';
import { dealPrefillSchema, type DealPrefill } from '@shared/leads/conversion';
import type { DealCreateStart } from './deal-form-values';

const LEAD_ID = /^[A-Za-z0-9-]{1,128}$/;

export function dealFromQuery(deal: DealCreateStart, params: URLSearchParams): DealCreateStart {
  const year = Number(params.get('year'));
  const textOf = (name: 'make' | 'model' | 'trim') => {
    const value = params.get(name)?.trim() ?? '';
    return value && value.length <= TEXT_LIMITS[name] ? value : undefined;
  };
  const make = textOf('make');
  const model = textOf('model');
  const trim = textOf('trim');
  const leadId = params.get('leadId') ?? '';
  return {
    ...deal,
    ...(Number.isInteger(year) && year > 0 ? { year } : {}),
    ...(make ? { make } : {}),
    ...(model ? { model } : {}),
    ...(trim ? { trim } : {}),
    ...(LEAD_ID.test(leadId) ? { sourceLeadId: leadId } : {}),
  };
}

/** The navigation state's prefill, if it is one (anything else in the state is ignored). */
export function leadPrefillOf(state: unknown): DealPrefill | null {
  const candidate = (state as { dealPrefill?: unknown } | null)?.dealPrefill;
  const parsed = dealPrefillSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The form with a converted lead's prefill: every field the lead gave, the deal linked to the lead. */
export function dealFromLeadPrefill(deal: DealCreateStart, prefill: DealPrefill): DealCreateStart {
  const text = (value: string | null) => value ?? '';
  return {
    ...deal,
    clientId: prefill.clientId,
    sourceLeadId: prefill.leadId,
    ...(prefill.year != null ? { year: prefill.year } : {}),
    ...(prefill.make ? { make: prefill.make } : {}),
    ...(prefill.model ? { model: prefill.model } : {}),
    ...(prefill.trim ? { trim: prefill.trim } : {}),
    dealType: prefill.dealType,
    mileageAllowance: prefill.mileageAllowance,
    incentives: prefill.incentives,
    creditScoreRange: text(prefill.creditScoreRange),
    hasTradeIn: prefill.hasTradeIn,
    tradeInYear: prefill.tradeInYear ?? undefined,
    tradeInMake: text(prefill.tradeInMake),
    tradeInModel: text(prefill.tradeInModel),
    tradeInMileage: prefill.tradeInMileage ?? undefined,
    tradeInCondition: text(prefill.tradeInCondition),
    tradeInHasLienholder: prefill.tradeInHasLienholder,
    tradeInLienholder: text(prefill.tradeInLienholder),
    tradeInPayoffBalance: prefill.tradeInPayoffBalance ?? undefined,
    notes: text(prefill.notes),
  };
}
