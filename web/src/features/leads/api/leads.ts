/**
 * The lead inbox routes for the web (shared/leads/api.ts): the paged, filtered inbox, one lead, and the lead's
 * actions (assign, claim, status, convert), each with its toasts and refreshing the lead queries and the
 * dashboard's New Leads figure.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AssignableBrokersResponse } from '@shared/deals/api';
import type { AssignLeadRequest, ConvertLeadResponse, LeadDetail, LeadListResponse, LeadStatus } from '@shared/leads/api';
import { LEAD_STATUS_LABELS } from '@shared/leads/api';
import type { Choice } from '@web/components/ui/choice';
import { failureToast, toast } from '@web/components/ui/toast';
import { api, isApiError } from '@web/lib/api-client';

export interface LeadFilters {
  status?: LeadStatus;
  brokerId?: string;
}

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (filters: LeadFilters) => [...leadKeys.lists(), filters.status ?? '', filters.brokerId ?? ''] as const,
  detail: (id: string) => [...leadKeys.all, 'detail', id] as const,
};

export function leadListPath(filters: LeadFilters, cursor?: string): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.brokerId) query.set('brokerId', filters.brokerId);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `/leads?${text}` : '/leads';
}

export function leadListQueryOptions(filters: LeadFilters) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(filters),
    queryFn: ({ pageParam, signal }) => api.get<LeadListResponse>(leadListPath(filters, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useLeads(filters: LeadFilters) {
  return useInfiniteQuery(leadListQueryOptions(filters));
}

export function leadQueryOptions(id: string) {
  return queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => api.get<LeadDetail>(`/leads/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useLead(id: string) {
  return useQuery(leadQueryOptions(id));
}

/** The brokers a lead can be assigned to and the inbox filtered by (approved and licensed) whose name has `query`. */
export async function searchBrokers(query: string, signal: AbortSignal): Promise<Choice[]> {
  const { brokers } = await api.get<AssignableBrokersResponse>('/assignable-brokers', { signal });
  const term = query.trim().toLowerCase();
  return brokers
    .filter((broker) => broker.fullName.toLowerCase().includes(term))
    .map((broker) => ({ value: broker.id, label: broker.fullName }));
}

/** After any lead write: the lead as answered, the inbox lists and the dashboard's New Leads figure. */
function useLeadSaved() {
  const queryClient = useQueryClient();
  return async (lead: LeadDetail) => {
    queryClient.setQueryData(leadKeys.detail(lead.id), lead);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
  };
}

/**
 * An admin's assignment, sent with the lead's revision the screen shows: when someone changed the lead since (another
 * admin, a claim, a status change) the API answers 409 with its message, which is shown, and the lead is read again
 * so the screen shows who has it now.
 */
export function useAssignLead(id: string) {
  const saved = useLeadSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: AssignLeadRequest) =>
      api.post<LeadDetail>(`/leads/${encodeURIComponent(id)}/assign`, assignment satisfies AssignLeadRequest),
    onSuccess: async (lead) => {
      toast({
        title: lead.assignee ? 'Lead assigned' : 'Lead returned to the pool',
        description: lead.assignee ? `${lead.firstName} ${lead.lastName} is with ${lead.assignee.fullName}.` : undefined,
        variant: 'success',
      });
      await saved(lead);
    },
    onError: async (error: Error) => {
      failureToast('Error assigning lead')(error);
      if (isApiError(error) && error.status === 409) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: leadKeys.detail(id) }),
          queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
        ]);
      }
    },
  });
}

export function useClaimLead(id: string) {
  const saved = useLeadSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LeadDetail>(`/leads/${encodeURIComponent(id)}/claim`, {}),
    onSuccess: async (lead) => {
      toast({ title: 'Lead claimed', description: `${lead.firstName} ${lead.lastName} is yours.`, variant: 'success' });
      await saved(lead);
    },
    onError: async (error: Error) => {
      failureToast('Error claiming lead')(error);
      // Someone else won: show who has it now.
      await queryClient.invalidateQueries({ queryKey: leadKeys.detail(id) });
    },
  });
}

export function useUpdateLeadStatus(id: string) {
  const saved = useLeadSaved();
  return useMutation({
    mutationFn: (status: LeadStatus) => api.patch<LeadDetail>(`/leads/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: async (lead) => {
      toast({ title: 'Status updated', description: `Marked ${LEAD_STATUS_LABELS[lead.status]}.`, variant: 'success' });
      await saved(lead);
    },
    onError: failureToast('Error updating lead'),
  });
}

export function useConvertLead(id: string) {
  const saved = useLeadSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ConvertLeadResponse>(`/leads/${encodeURIComponent(id)}/convert`, {}),
    onSuccess: async (result) => {
      toast({
        title: result.clientCreated ? 'Client created' : 'Existing client found',
        description: `${result.lead.firstName} ${result.lead.lastName}: opening a new deal.`,
        variant: 'success',
      });
      await Promise.all([saved(result.lead), queryClient.invalidateQueries({ queryKey: ['clients'] })]);
    },
    onError: failureToast('Error converting lead'),
  });
}
