/** GET /admin/brokered-vehicles (admins only): the brokered-vehicle log of a range of closing days, paged by cursor. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BrokeredVehiclesResponse } from '@shared/brokers/brokered-vehicles-api';
import { api } from '@web/lib/api-client';
import { brokerKeys } from './broker-keys';

export interface LogRange {
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: LogRange) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export function brokeredVehiclesPath(range: LogRange, cursor?: string): string {
  return `/admin/brokered-vehicles?${rangeQuery(range)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/** The export of the range, page by page (the export button adds the cursor). */
export const brokeredVehiclesExportPath = (range: LogRange) => `/admin/brokered-vehicles/export?${rangeQuery(range)}`;

export function brokeredVehiclesQueryOptions(range: LogRange) {
  return infiniteQueryOptions({
    queryKey: [...brokerKeys.all, 'brokered-vehicles', range.from, range.to] as const,
    queryFn: ({ pageParam, signal }) => api.get<BrokeredVehiclesResponse>(brokeredVehiclesPath(range, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The range's lines; nothing is read while there is no valid range. */
export function useBrokeredVehicles(range: LogRange | null) {
  return useInfiniteQuery({
    ...brokeredVehiclesQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
