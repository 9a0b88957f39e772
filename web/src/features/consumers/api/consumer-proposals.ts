/** GET /consumer/deals/{id}/proposals: the proposals of the consumer's own deal (sent or accepted), when opened. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsumerProposals } from '@shared/proposals/api';
import { api } from '@web/lib/api-client';
import { consumerKeys } from './consumer-portal';

export function useConsumerProposals(dealId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...consumerKeys.deal(dealId), 'proposals'],
      queryFn: ({ signal }) => api.get<ConsumerProposals>(`/consumer/deals/${encodeURIComponent(dealId)}/proposals`, { signal }),
      enabled,
    }),
  );
}
