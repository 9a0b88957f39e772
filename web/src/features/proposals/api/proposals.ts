/**
 * The public proposal page's API calls (no session: Amplify is never loaded on this page).
 * - GET  /proposals/{token}: the proposal, or why the link shows none;
 * - POST /proposals/{token}/accept: accept (a second accept answers `alreadyAccepted`);
 * - POST /proposals/{token}/questions: a short question e-mailed to the broker.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptProposalResponse, PublicProposal } from '@shared/proposals/api';
import { api } from '@web/lib/api-client';

export const proposalKeys = {
  link: (token: string) => ['proposals', 'link', token] as const,
};

const path = (token: string) => `/proposals/${encodeURIComponent(token)}`;

export function usePublicProposal(token: string) {
  return useQuery(
    queryOptions({
      queryKey: proposalKeys.link(token),
      queryFn: ({ signal }) => api.get<PublicProposal>(path(token), { auth: false, signal }),
    }),
  );
}

export function useAcceptProposal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AcceptProposalResponse>(`${path(token)}/accept`, undefined, { auth: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.link(token) }),
  });
}

export function useAskQuestion(token: string) {
  return useMutation({
    mutationFn: (question: string) =>
      api.post<{ received: true; delivery: string }>(`${path(token)}/questions`, { question }, { auth: false }),
  });
}
