/**
 * The client routes for the web (shared/clients/api.ts): the searched, paged list with its total, a client's
 * deals (Past Purchases), and the mutations of the clients page, each with its toasts and refreshing only the
 * client queries it changes.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ClientDealsResponse,
  ClientListResponse,
  ClientView,
  CreateClientRequest,
  UpdateClientRequest,
} from '@shared/clients/api';
import type { AssignableBrokersResponse } from '@shared/deals/api';
import { failureToast, toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (search: string) => [...clientKeys.lists(), search] as const,
  deals: (clientId: string) => [...clientKeys.all, clientId, 'deals'] as const,
  detail: (clientId: string) => [...clientKeys.all, clientId, 'detail'] as const,
};

export function clientListPath(search: string, cursor?: string): string {
  const query = new URLSearchParams();
  if (search.trim()) query.set('q', search.trim());
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/clients?${text}` : '/clients';
}

export function clientListQueryOptions(search: string) {
  const term = search.trim();
  return infiniteQueryOptions({
    queryKey: clientKeys.list(term),
    queryFn: ({ pageParam, signal }) => api.get<ClientListResponse>(clientListPath(term, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The clients matching `search`; while a new search loads, the previous results stay (isPlaceholderData). */
export function useClients(search: string) {
  return useInfiniteQuery({ ...clientListQueryOptions(search), placeholderData: keepPreviousData });
}

export function clientDealsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: clientKeys.deals(clientId),
    queryFn: ({ signal }) => api.get<ClientDealsResponse>(`/clients/${encodeURIComponent(clientId)}/deals`, { signal }),
  });
}

/**
 * The brokers an admin may move a client to (GET /assignable-brokers: approved and licensed), by full name; asked
 * for only while an admin's edit dialog is open.
 */
export function useAssignableBrokers(enabled: boolean) {
  return useQuery({
    queryKey: ['assignable-brokers'],
    queryFn: ({ signal }) => api.get<AssignableBrokersResponse>('/assignable-brokers', { signal }),
    enabled,
  });
}

/**
 * One client (GET /clients/{id}): the tasks dialog opened by a link (/clients?tasks=<id>) names a client the loaded
 * page of the list may not hold; asked for only then.
 */
export function useClient(clientId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.detail(clientId ?? ''),
    queryFn: ({ signal }) => api.get<ClientView>(`/clients/${encodeURIComponent(clientId ?? '')}`, { signal }),
    enabled: enabled && clientId !== null,
  });
}

/** A client's deals for the Past Purchases dialog, split by the API; asked for only while the dialog is open. */
export function useClientDeals(clientId: string | undefined) {
  return useQuery({ ...clientDealsQueryOptions(clientId ?? ''), enabled: clientId !== undefined });
}

/** The toast group of the client dialog (create and edit): its success replaces its errors. */
export const CLIENT_FORM_TOASTS = 'client-form';

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

export function useCreateClient({ onSuccess }: { onSuccess?: (client: ClientView) => void } = {}) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (body: CreateClientRequest) => api.post<ClientView>('/clients', body),
    onSuccess: async (client) => {
      toast({
        title: 'Client created',
        description: `${client.fullName} was added.`,
        variant: 'success',
        group: CLIENT_FORM_TOASTS,
      });
      onSuccess?.(client);
      await invalidate();
    },
    onError: failureToast('Error creating client', CLIENT_FORM_TOASTS),
  });
}

export function useUpdateClient({ onSuccess }: { onSuccess?: (client: ClientView) => void } = {}) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateClientRequest }) =>
      api.patch<ClientView>(`/clients/${encodeURIComponent(id)}`, changes),
    onSuccess: async (client) => {
      toast({
        title: 'Client updated',
        description: `${client.fullName} was saved.`,
        variant: 'success',
        group: CLIENT_FORM_TOASTS,
      });
      onSuccess?.(client);
      await invalidate();
    },
    onError: failureToast('Error updating client', CLIENT_FORM_TOASTS),
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (client: Pick<ClientView, 'id' | 'fullName'>) =>
      api.delete<{ id: string }>(`/clients/${encodeURIComponent(client.id)}`),
    onSuccess: async (_deleted, client) => {
      toast({ title: 'Client deleted', description: `${client.fullName} was deleted.`, variant: 'success' });
      await invalidate();
    },
    onError: failureToast('Error deleting client'),
  });
}
