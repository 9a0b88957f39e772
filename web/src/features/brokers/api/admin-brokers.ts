/**
 * The admin's broker routes (shared/brokers/api.ts): the pending and approved lists, one month's figures with the
 * 6-month series, one broker with the approval history, and the approve/edit save.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_UPDATING_BROKER,
  type BrokerDetailResponse,
  type BrokerListResponse,
  type BrokerStatsResponse,
  type UpdateBrokerInput,
} from '@shared/brokers/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { APPROVAL_DEPENDENT_KEYS, brokerKeys } from './broker-keys';

export function brokerListQueryOptions() {
  return queryOptions({
    queryKey: brokerKeys.list(),
    queryFn: ({ signal }) => api.get<BrokerListResponse>('/admin/brokers', { signal }),
  });
}

export function useBrokerList() {
  return useQuery(brokerListQueryOptions());
}

export function brokerStatsPath(month: string): string {
  return `/admin/broker-stats?month=${encodeURIComponent(month)}`;
}

export function brokerStatsQueryOptions(month: string) {
  return queryOptions({
    queryKey: brokerKeys.stats(month),
    queryFn: ({ signal }) => api.get<BrokerStatsResponse>(brokerStatsPath(month), { signal }),
  });
}

/** One month's figures; while another month loads, the previous one stays on screen (isPlaceholderData). */
export function useBrokerStats(month: string) {
  return useQuery({ ...brokerStatsQueryOptions(month), placeholderData: keepPreviousData });
}

export function brokerDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: brokerKeys.detail(id),
    queryFn: ({ signal }) => api.get<BrokerDetailResponse>(`/admin/brokers/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The dialog's broker and history, asked for only while the dialog is open. */
export function useBrokerDetail(id: string | undefined) {
  return useQuery({ ...brokerDetailQueryOptions(id ?? ''), enabled: id !== undefined });
}

export function useUpdateBroker({ onSuccess }: { onSuccess?: (detail: BrokerDetailResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateBrokerInput }) =>
      api.patch<BrokerDetailResponse>(`/admin/brokers/${encodeURIComponent(id)}`, changes),
    onSuccess: async (detail) => {
      const { broker } = detail;
      queryClient.setQueryData(brokerKeys.detail(broker.id), detail);
      toast({
        title: 'Broker updated',
        description: `${broker.fullName} is ${broker.isApproved ? 'approved' : 'not approved'}.`,
        variant: 'success',
      });
      onSuccess?.(detail);
      await Promise.all(
        [brokerKeys.list(), [...brokerKeys.all, 'stats'], ...APPROVAL_DEPENDENT_KEYS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error: Error) => toast({ title: ERROR_UPDATING_BROKER, description: error.message, variant: 'destructive' }),
  });
}
