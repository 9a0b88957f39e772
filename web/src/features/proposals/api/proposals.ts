/**
 * The public proposal page's API calls (no session: Amplify is never loaded on this page), as plain hooks over the
 * one API client: the page is its own light entry and carries no query library (docs/decisions.md, "Public pages").
 * - GET  /proposals/{token}: the proposal, or why the link shows none;
 * - POST /proposals/{token}/accept: accept (a second accept answers `alreadyAccepted`);
 * - POST /proposals/{token}/questions: a short question e-mailed to the broker.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AcceptProposalResponse, PublicProposal } from '@shared/proposals/api';
import { api } from '@web/lib/api-client';
import { useAction } from '@web/lib/use-action';

const path = (token: string) => `/proposals/${encodeURIComponent(token)}`;

/** The link's answer: loading (first load only), the answer, or a failed first load. */
export type ProposalLink = { state: 'loading' } | { state: 'loaded'; answer: PublicProposal } | { state: 'failed' };

/**
 * GET /proposals/{token}, and `reload` (after an accept). A reload that fails keeps the answer shown; only a first
 * load that fails shows the failure.
 */
export function usePublicProposal(token: string): { link: ProposalLink; reload: () => void } {
  const [link, setLink] = useState<ProposalLink>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.get<PublicProposal>(path(token), { auth: false, signal: controller.signal }).then(
      (answer) => setLink({ state: 'loaded', answer }),
      () => {
        if (!controller.signal.aborted) setLink((shown) => (shown.state === 'loaded' ? shown : { state: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [token, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { link, reload };
}

/** `option`: the index of the option taken, for a proposal with options (docs/decisions.md, "Proposal options"). */
export function useAcceptProposal(token: string, onSettled: () => void) {
  return useAction(
    (option: number | undefined) =>
      api.post<AcceptProposalResponse>(`${path(token)}/accept`, option === undefined ? undefined : { option }, { auth: false }),
    onSettled,
  );
}

export function useAskQuestion(token: string) {
  return useAction((question: string) =>
    api.post<{ received: true; delivery: string }>(`${path(token)}/questions`, { question }, { auth: false }),
  );
}
