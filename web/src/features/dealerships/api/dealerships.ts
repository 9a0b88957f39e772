/**
 * The dealership routes for the web: queries with their keys, and mutations that refresh every list they change.
 * The marketplace and deal forms use `useQuickAddDealership` and `dealershipListQueryOptions` for their choice.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDealerUserRequest,
  CreateDealershipRequest,
  DealerUserListResponse,
  DealerUserView,
  DealershipListResponse,
  DealershipView,
  QuickAddDealershipRequest,
  UpdateDealershipRequest,
} from '@shared/dealerships/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

const KEY = ['dealerships'] as const;

export function dealershipListQueryOptions(search = '') {
  const query = search.trim() ? `?search=${encodeURIComponent(search.trim())}` : '';
  return queryOptions({
    queryKey: [...KEY, 'list', search.trim()],
    queryFn: () => api.get<DealershipListResponse>(`/dealerships${query}`),
  });
}

export function useDealerships(search: string) {
  // The previous results stay on screen while a new search loads.
  return useQuery({ ...dealershipListQueryOptions(search), placeholderData: keepPreviousData });
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

function failure(title: string) {
  return (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
}

function useInvalidateDealerships() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateDealership({ onSuccess }: { onSuccess?: (dealership: DealershipView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (body: CreateDealershipRequest) => api.post<DealershipView>('/dealerships', body),
    onSuccess: async (dealership) => {
      toast({ title: 'Dealership created', description: `${dealership.name} was added.`, variant: 'success' });
      await invalidate();
      onSuccess?.(dealership);
    },
    onError: failure('Error creating dealership'),
  });
}

/** The "New Dealership" dialog of the deal and marketplace forms (admins and approved brokers). */
export function useQuickAddDealership({ onSuccess }: { onSuccess?: (dealership: DealershipView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: (body: QuickAddDealershipRequest) => api.post<DealershipView>('/dealerships', body),
    onSuccess: async (dealership) => {
      toast({ title: 'Dealership created', description: `${dealership.name} was added.`, variant: 'success' });
      await invalidate();
      onSuccess?.(dealership);
    },
    onError: failure('Error creating dealership'),
  });
}

export function useUpdateDealership({ onSuccess }: { onSuccess?: (dealership: DealershipView) => void } = {}) {
  const invalidate = useInvalidateDealerships();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateDealershipRequest }) =>
      api.patch<DealershipView>(`/dealerships/${encodeURIComponent(id)}`, changes),
    onSuccess: async (dealership) => {
      toast({ title: 'Dealership updated', description: `${dealership.name} was saved.`, variant: 'success' });
      await invalidate();
      onSuccess?.(dealership);
    },
    onError: failure('Error updating dealership'),
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
    onError: failure('Error deleting dealership'),
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
    onError: failure('Error adding dealer'),
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
    onError: failure('Error removing dealer'),
  });
}
