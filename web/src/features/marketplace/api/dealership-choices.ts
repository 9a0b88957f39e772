/**
 * The dealership choice of the vehicle form: a server search over every dealership (GET /dealerships?search=, by
 * name, location or contact name), a dealership's label by id (GET /dealerships/{id}: a dealer's own one, shown
 * locked, or a saved choice not found by a search) and the inline add (POST /dealerships, the broker's quick add: name, location,
 * optional contact).
 * Kept in the marketplace feature (features do not import each other); the keys start with the dealerships
 * feature's, so adding one here refreshes its screen too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DealershipListResponse, type DealershipView, type QuickAddDealershipRequest } from '@shared/dealerships/api';
import type { Choice } from '@web/components/ui/choice';
import { api } from '@web/lib/api-client';
import { collectPages } from '@web/lib/paging';

/** What the vehicle form needs of a dealership (a vehicle's saved dealership may carry no location). */
export interface DealershipChoice {
  id: string;
  name: string;
  location: string | null;
}

const dealershipsKey = ['dealerships'] as const;

/** How many matches the combobox lists: enough to pick from, few enough to read; typing narrows the rest. */
const DEALERSHIP_CHOICES_LIMIT = 20;

/** The react-query key of the dealership combobox's searches: under the feature's, so an add refreshes them. */
export const dealershipChoicesKey = [...dealershipsKey, 'choices'] as const;

export function dealershipChoice(dealership: DealershipChoice): Choice {
  return {
    value: dealership.id,
    label: dealership.location ? `${dealership.name} (${dealership.location})` : dealership.name,
  };
}

/** Requests one search may make: a searched page reads a fixed number of dealerships and may hold no match. */
const DEALERSHIP_SEARCH_PAGES_MAX = 10;

/**
 * The combobox's search: the first matches by name ('' lists the first dealerships by name), read on past short
 * pages (docs/decisions.md, "Dealerships") up to DEALERSHIP_SEARCH_PAGES_MAX requests.
 */
export async function searchDealershipChoices(query: string, signal: AbortSignal): Promise<Choice[]> {
  const { items } = await collectPages(
    async (cursor) => {
      const params = new URLSearchParams({ limit: String(DEALERSHIP_CHOICES_LIMIT) });
      if (query) params.set('search', query);
      if (cursor) params.set('cursor', cursor);
      const page = await api.get<DealershipListResponse>(`/dealerships?${params.toString()}`, { signal });
      return { items: page.dealerships, nextCursor: page.nextCursor };
    },
    { want: DEALERSHIP_CHOICES_LIMIT, maxPages: DEALERSHIP_SEARCH_PAGES_MAX, signal },
  );
  return items.map(dealershipChoice);
}

/** The label of a chosen dealership the form did not find by a search (undefined when it is gone). */
export async function loadDealershipLabel(id: string, signal: AbortSignal): Promise<string | undefined> {
  const dealership = await api.get<DealershipView>(`/dealerships/${encodeURIComponent(id)}`, { signal });
  return dealershipChoice(dealership).label;
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
    mutationFn: (body: QuickAddDealershipRequest) => api.post<DealershipView>('/dealerships', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealershipsKey }),
  });
}
