/**
 * The dealership choice of the vehicle form: GET /dealerships (id, name, location) and the inline add, POST
 * /dealerships (name, location). Kept in the marketplace feature (features do not import each other); the key is
 * the dealerships list's, so adding one here refreshes the dealerships screen too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewDealership } from '@shared/dealerships/schemas';
import { api } from '@web/lib/api-client';

/** What the vehicle form needs of a dealership. */
export interface DealershipChoice {
  id: string;
  name: string;
  location: string | null;
}

const dealershipsKey = ['dealerships'] as const;

export function dealershipChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...dealershipsKey, 'choices'],
    queryFn: ({ signal }) => api.get<{ dealerships: DealershipChoice[] }>('/dealerships', { signal }),
    select: (response) => response.dealerships,
  });
}

export function useDealershipChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dealershipChoicesQueryOptions(), enabled });
}

export function useAddDealership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewDealership) => api.post<DealershipChoice>('/dealerships', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealershipsKey }),
  });
}
