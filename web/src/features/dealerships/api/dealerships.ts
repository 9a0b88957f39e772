/**
 * The dealership routes for the web: queries with their keys, and mutations that refresh every list they change.
 * The list is paged by cursor (`useDealerships`); a searched page may hold few matches (docs/decisions.md,
 * "Dealerships": the search reads a fixed number of dealerships per request), so a search reads on by itself until
 * a page's worth is shown or the list ends.
 */
import { useEffect } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  DEALERSHIP_PAGE_SIZE,
  type CreateDealerUserRequest,
  type CreateDealershipRequest,
  type DealerUserListResponse,
  type DealerUserView,
  type DealershipListResponse,
  type DealershipView,
  type QuickAddDealershipRequest,
  type UpdateDealershipRequest,
} from '@shared/dealerships/api';
import { failureToast, toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const KEY = ['dealerships'] as const;

export function dealershipListQueryOptions(search = '') {
  const term = search.trim();
  return infiniteQueryOptions({
    queryKey: [...KEY, 'list', term],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (term) params.set('search', term);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api.get<DealershipListResponse>(`/dealerships${query ? `?${query}` : ''}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The dealerships (pages loaded so far) matching `search`; `fetchNextPage` loads more. */
export function useDealerships(search: string) {
  // The previous results stay on screen while a new search loads.
  const list = useInfiniteQuery({ ...dealershipListQueryOptions(search), placeholderData: keepPreviousData });
  const { data, hasNextPage, isFetching, isPlaceholderData, isFetchNextPageError, fetchNextPage } = list;
  const shown = data?.pages.reduce((count, page) => count + page.dealerships.length, 0) ?? 0;
  // A failed page is not asked again by itself: "Load more dealerships" retries it.
  const readOn =
    search.trim() !== '' && hasNextPage && !isPlaceholderData && !isFetchNextPageError && shown < DEALERSHIP_PAGE_SIZE;
  useEffect(() => {
    if (readOn && !isFetching) void fetchNextPage();
  }, [readOn, isFetching, fetchNextPage]);
  return { ...list, readingOn: readOn };
}

export function dealerUsersQueryOptions(dealershipId: string) {
  return queryOptions({
    queryKey: [...KEY, dealershipId, 'dealers'],
    queryFn: () => api.get<DealerUserListResponse>(`/dealerships/${encodeURIComponent(dealershipId)}/dealers`),
  });
}

export function useDealerUsers(dealershipId: string) {
  return useQuery(dealerUsersQueryOptions(dealershipId));
}

/** The toast group of the dealership dialog (create and edit): its success replaces its errors. */
export const DEALERSHIP_FORM_TOASTS = 'dealership-form';

function useInvalidateDealerships() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateDealership({ onSuccess }: { onSuccess?: (dealership: DealershipView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (body: CreateDealershipRequest) => api.post<DealershipView>('/dealerships', body),
    onSuccess: async (dealership) => {
      toast({
        title: 'Dealership created',
        description: `${dealership.name} was added.`,
        variant: 'success',
        group: DEALERSHIP_FORM_TOASTS,
      });
      await invalidate();
      onSuccess?.(dealership);
    },
    onError: failureToast('Error creating dealership', DEALERSHIP_FORM_TOASTS),
  });
}

/** The "New Dealership" dialog of the deal and marketplace forms (admins and approved brokers). */
export function useQuickAddDealership({ onSuccess }: { onSuccess?: (dealership: DealershipView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (body: QuickAddDealershipRequest) => api.post<DealershipView>('/dealerships', body),
    onSuccess: async (dealership) => {
      toast({
        title: 'Dealership created',
        description: `${dealership.name} was added.`,
        variant: 'success',
        group: DEALERSHIP_FORM_TOASTS,
      });
      await invalidate();
      onSuccess?.(dealership);
    },
    onError: failureToast('Error creating dealership', DEALERSHIP_FORM_TOASTS),
  });
}

export function useUpdateDealership({ onSuccess }: { onSuccess?: (dealership: DealershipView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateDealershipRequest }) =>
      api.patch<DealershipView>(`/dealerships/${encodeURIComponent(id)}`, changes),
    onSuccess: async (dealership) => {
      toast({
        title: 'Dealership updated',
        description: `${dealership.name} was saved.`,
        variant: 'success',
        group: DEALERSHIP_FORM_TOASTS,
      });
      await invalidate();
      onSuccess?.(dealership);
    },
    onError: failureToast('Error updating dealership', DEALERSHIP_FORM_TOASTS),
  });
}

export function useDeleteDealership() {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (dealership: Pick<DealershipView, 'id' | 'name'>) =>
      api.delete<{ id: string }>(`/dealerships/${encodeURIComponent(dealership.id)}`),
    onSuccess: async (_deleted, dealership) => {
      toast({ title: 'Dealership deleted', description: `${dealership.name} was deleted.`, variant: 'success' });
      await invalidate();
    },
    onError: failureToast('Error deleting dealership'),
  });
}

export function useAddDealerUser(dealershipId: string, { onSuccess }: { onSuccess?: (dealer: DealerUserView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (body: CreateDealerUserRequest) =>
      api.post<DealerUserView>(`/dealerships/${encodeURIComponent(dealershipId)}/dealers`, body),
    onSuccess: async (dealer) => {
      toast({
        title: 'Dealer added',
        description: `A temporary password was e-mailed to ${dealer.email}.`,
        variant: 'success',
      });
      await invalidate();
      onSuccess?.(dealer);
    },
    onError: failureToast('Error adding dealer'),
  });
}

export function useRemoveDealerUser(dealershipId: string) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<{ userId: string }>(`/dealerships/${encodeURIComponent(dealershipId)}/dealers/${encodeURIComponent(userId)}`),
    onSuccess: async () => {
      toast({ title: 'Dealer removed', description: 'Their access ended at once.', variant: 'success' });
      await invalidate();
    },
    onError: failureToast('Error removing dealer'),
  });
}
