/**
 * The dealership choice of the vehicle form: the dealerships by name (GET /dealerships), a dealer's own one (GET
 * /dealerships/{id}, shown locked) and the inline add (POST /dealerships/quick: name, location, optional contact).
 * Kept in the marketplace feature (features do not import each other); the keys start with the dealerships
 * feature's, so adding one here refreshes its screen too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEALERSHIP_PAGE_MAX,
  type DealershipListResponse,
  type DealershipView,
  type QuickAddDealershipRequest,
} from '@shared/dealerships/api';
import { api } from '@web/lib/api-client';

/** What the vehicle form needs of a dealership. */
export type DealershipChoice = Pick<DealershipView, 'id' | 'name' | 'location'>;

const dealershipsKey = ['dealerships'] as const;

export function dealershipChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...dealershipsKey, 'choices'],
    // One page of the largest size: a broker's pick list, not the dealerships screen.
    queryFn: ({ signal }) => api.get<DealershipListResponse>(`/dealerships?limit=${DEALERSHIP_PAGE_MAX}`, { signal }),
    select: (response): DealershipChoice[] => response.dealerships,
  });
}

export function useDealershipChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dealershipChoicesQueryOptions(), enabled });
}

export function useOwnDealership(id: string | null) {
  return useQuery({
    queryKey: [...dealershipsKey, 'detail', id],
    queryFn: ({ signal }) => api.get<DealershipView>(`/dealerships/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

export function useAddDealership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickAddDealershipRequest) => api.post<DealershipView>('/dealerships/quick', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealershipsKey }),
  });
}
