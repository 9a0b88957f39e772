/**
 * The consumer's proposals: GET /consumer/deals/{id}/proposals (sent or accepted, when opened), and accepting or asking
 * about one from the portal.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptProposalResponse, ConsumerProposals } from '@shared/proposals/api';
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

const proposalPath = (dealId: string, proposalId: string) =>
  `/consumer/deals/${encodeURIComponent(dealId)}/proposals/${encodeURIComponent(proposalId)}`;

/** POST /consumer/deals/{id}/proposals/{proposalId}/accept: then the deal (now pending) and its proposals are read again. */
export function useAcceptConsumerProposal(dealId: string, proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // `option`: the index of the option taken, for a proposal with options (docs/decisions.md, "Proposal options").
    mutationFn: (option: number | undefined) =>
      api.post<AcceptProposalResponse>(
        `${proposalPath(dealId, proposalId)}/accept`,
        option === undefined ? undefined : { option },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consumerKeys.all }),
  });
}

/** POST /consumer/deals/{id}/proposals/{proposalId}/questions: e-mailed to the broker, on the deal's trail. */
export function useAskConsumerQuestion(dealId: string, proposalId: string) {
  return useMutation({
    mutationFn: (question: string) =>
      api.post<{ received: true; delivery: string }>(`${proposalPath(dealId, proposalId)}/questions`, { question }),
  });
}
