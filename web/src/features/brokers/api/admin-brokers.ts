/**
 * The admin's broker routes (shared/brokers/api.ts): the screen's first load (both lists and the month's figures in
 * one call), another month's figures with the 6-month series, one broker with the approval history, and the
 * approve/edit save.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ERROR_UPDATING_BROKER,
  type BrokerDetailResponse,
  type BrokerListResponse,
  type BrokerStatsResponse,
  type BrokersPageResponse,
  type UpdateBrokerInput,
} from '@shared/brokers/api';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { APPROVAL_DEPENDENT_KEYS, brokerKeys } from './broker-keys';

/** How long a month's figures count as fresh: the first load's month is not asked for again at once. */
const STATS_FRESH_MS = 60_000;

/**
 * The lists, from GET /admin/brokers?month= (the screen's one call on load): the month's figures that come with
 * them are put where useBrokerStats finds them. A refresh (after an approval) asks for the month on screen then.
 */
export function brokerListQueryOptions(queryClient: QueryClient, month: () => string) {
  return queryOptions({
    queryKey: brokerKeys.list(),
    queryFn: async ({ signal }): Promise<BrokerListResponse> => {
      const { stats, ...lists } = await api.get<BrokersPageResponse>(`/admin/brokers?month=${encodeURIComponent(month())}`, {
        signal,
      });
      queryClient.setQueryData(brokerKeys.stats(stats.month), stats);
      return lists;
    },
  });
}

export function useBrokerList(month: string) {
  const queryClient = useQueryClient();
  return useQuery(brokerListQueryOptions(queryClient, () => month));
}

export function brokerStatsPath(month: string): string {
  return `/admin/broker-stats?month=${encodeURIComponent(month)}`;
}

export function brokerStatsQueryOptions(month: string) {
  return queryOptions({
    queryKey: brokerKeys.stats(month),
    queryFn: ({ signal }) => api.get<BrokerStatsResponse>(brokerStatsPath(month), { signal }),
    staleTime: STATS_FRESH_MS,
  });
}

/**
 * One month's figures. The first month comes with the lists (`listSettled` holds this query back until they have
 * answered, so the load is one call); another month asks GET /admin/broker-stats, the previous month staying on
 * screen meanwhile (isPlaceholderData). If the first load failed, the figures are asked for on their own.
 */
export function useBrokerStats(month: string, listSettled: boolean) {
  return useQuery({ ...brokerStatsQueryOptions(month), placeholderData: keepPreviousData, enabled: listSettled });
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
      // The lists' refresh brings the month on screen with it (one call); other months are asked for when shown.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...brokerKeys.all, 'stats'], refetchType: 'none' }),
        ...[brokerKeys.list(), ...APPROVAL_DEPENDENT_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
    onError: (error: Error) => toast({ title: ERROR_UPDATING_BROKER, description: error.message, variant: 'destructive' }),
  });
}
