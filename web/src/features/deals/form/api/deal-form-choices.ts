/**
 * The deal form's pick lists and inline adds: clients (GET /clients?q=, GET /clients/{id} for a preselected one,
 * POST /clients from the "New Client" dialog), dealerships (GET /dealerships?search=, POST /dealerships from the "New Dealership" dialog, which keeps a broker's name, location and contact),
 * the assignable brokers (GET /assignable-brokers: approved and licensed) and the marketplace vehicle a deal can
 * start from (GET /marketplace/vehicles/{id}). Searches run on the server: both lists outgrow one page. The keys
 * start with the owning feature's, so adding a client here refreshes the clients screen too, and the reverse.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientListResponse, ClientView, CreateClientRequest } from '@shared/clients/api';
import type { AssignableBrokersResponse } from '@shared/deals/api';
import type { DealershipListResponse, DealershipView, QuickAddDealershipRequest } from '@shared/dealerships/api';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import type { Choice } from '@web/components/ui/choice';
import { api } from '@web/lib/api-client';

/** Results per search: enough to pick from, small enough to answer at once. */
const SEARCH_LIMIT = 20;

/** `path?<param>=<query>&limit=...`, without the search while nothing is typed. */
const searchPath = (path: string, param: string, query: string) =>
  `${path}?${new URLSearchParams({ ...(query ? { [param]: query } : {}), limit: String(SEARCH_LIMIT) }).toString()}`;

// Clients

export const clientChoiceKey = ['clients', 'choices'] as const;

/** "Jane Doe (jane@example.com)": two clients may share a name. */
export function clientChoice(client: Pick<ClientView, 'id' | 'fullName' | 'email'>): Choice {
  return { value: client.id, label: client.email ? `${client.fullName} (${client.email})` : client.fullName };
}

export async function searchClients(query: string, signal: AbortSignal): Promise<Choice[]> {
  const page = await api.get<ClientListResponse>(searchPath('/clients', 'q', query), { signal });
  return page.clients.map(clientChoice);
}

/** The label of a client that was not picked here (one preselected from the clients screen). */
export async function clientLabel(id: string, signal: AbortSignal): Promise<string | undefined> {
  const client = await api.get<ClientView>(`/clients/${encodeURIComponent(id)}`, { signal });
  return clientChoice(client).label;
}

export function useAddClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClientRequest) => api.post<ClientView>('/clients', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}

// Dealerships

export const dealershipChoiceKey = ['dealerships', 'choices'] as const;

export function dealershipChoice(dealership: Pick<DealershipView, 'id' | 'name' | 'location'>): Choice {
  return { value: dealership.id, label: dealership.location ? `${dealership.name} (${dealership.location})` : dealership.name };
}

export async function searchDealerships(query: string, signal: AbortSignal): Promise<Choice[]> {
  const page = await api.get<DealershipListResponse>(searchPath('/dealerships', 'search', query), { signal });
  return page.dealerships.map(dealershipChoice);
}

/** The label of a dealership that was not picked here (a vehicle's, for a deal started from it). */
export async function dealershipLabel(id: string, signal: AbortSignal): Promise<string | undefined> {
  const dealership = await api.get<DealershipView>(`/dealerships/${encodeURIComponent(id)}`, { signal });
  return dealershipChoice(dealership).label;
}

export function useAddDealership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickAddDealershipRequest) => api.post<DealershipView>('/dealerships', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dealerships'] }),
  });
}

// Brokers

/** Every approved and licensed broker, by name: a short list (the brokers of one brokerage), loaded once. */
export function assignableBrokersQueryOptions() {
  return queryOptions({
    queryKey: ['brokers', 'assignable'],
    queryFn: ({ signal }) => api.get<AssignableBrokersResponse>('/assignable-brokers', { signal }),
    staleTime: 60_000,
  });
}

// The marketplace vehicle a deal starts from

export function sourceVehicleQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['marketplace', 'vehicle', id],
    queryFn: ({ signal }) => api.get<MarketplaceVehicleDetail>(`/marketplace/vehicles/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useSourceVehicle(id: string | null) {
  return useQuery({ ...sourceVehicleQueryOptions(id ?? ''), enabled: id !== null });
}
