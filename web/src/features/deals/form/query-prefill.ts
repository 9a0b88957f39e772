/**
 * The vehicle wishes /deals/new may be opened with (`?year=&make=&model=&trim=`, from converting a lead: see
 * @shared/leads/rules dealPrefillSearch). Only values the deal form could hold are taken: a year that is not a
 * whole number, or text over the field limits, is left out and the broker types it.
 */
import { TEXT_LIMITS } from '@shared/constants';
import type { DealCreateStart } from './deal-form-values';

export function dealFromQuery(deal: DealCreateStart, params: URLSearchParams): DealCreateStart {
  const year = Number(params.get('year'));
  const textOf = (name: 'make' | 'model' | 'trim') => {
    const value = params.get(name)?.trim() ?? '';
    return value && value.length <= TEXT_LIMITS[name] ? value : undefined;
  };
  const make = textOf('make');
  const model = textOf('model');
  const trim = textOf('trim');
  return {
    ...deal,
    ...(Number.isInteger(year) && year > 0 ? { year } : {}),
    ...(make ? { make } : {}),
    ...(model ? { model } : {}),
    ...(trim ? { trim } : {}),
  };
}
