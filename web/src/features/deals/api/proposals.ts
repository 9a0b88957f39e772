/**
 * The deal page's proposals (docs/decisions.md, "Proposals"): the list with each status, "Share proposal" (a new
 * snapshot and its link, shown once: only the token's hash is stored) and Revoke.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateProposalRequest, CreateProposalResponse, DealProposals } from '@shared/proposals/api';
import { api } from '@web/lib/api-client';
import { dealKeys } from './deal-keys';

export const dealProposalKeys = (dealId: string) => [...dealKeys.detail(dealId), 'proposals'] as const;

const path = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/proposals`;

/** Loaded when the card is opened (the deal page itself loads with one call: docs/bench.md, "Screens"). */
export function useDealProposals(dealId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: dealProposalKeys(dealId),
      queryFn: ({ signal }) => api.get<DealProposals>(path(dealId), { signal }),
      enabled,
    }),
  );
}

/**
 * "Share proposal": no argument shares the deal's desked offer; `{ options }` (1 to PROPOSAL_OPTIONS_MAX, the desk's
 * comparison rows) shares those offers for the client to choose one (docs/decisions.md, "Proposal options").
 */
export function useShareProposal(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateProposalRequest | void) =>
      api.post<CreateProposalResponse>(path(dealId), request?.options?.length ? { options: request.options } : undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealProposalKeys(dealId) }),
  });
}

export function useRevokeProposal(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) => api.post(`${path(dealId)}/${encodeURIComponent(proposalId)}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealProposalKeys(dealId) }),
  });
}
