/**
 * A proposal's statuses. No zod here: the proposal entity, which every deal write loads (jobs included), imports
 * only this, not the proposal schemas (shared/proposals/api.ts).
 */

/**
 * The state a reader sees: a stored `sent` proposal past its date reads `expired`. `replaced`: a newer proposal of
 * the same deal was sent; `withdrawn`: the deal was moved to another client (docs/decisions.md, "Proposals").
 */
export const PROPOSAL_STATUSES = ['sent', 'accepted', 'revoked', 'replaced', 'withdrawn', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** What is stored; `expired` is only ever read (shared/proposals/rules.ts `proposalStatus`). */
export const STORED_PROPOSAL_STATUSES = ['sent', 'accepted', 'revoked', 'replaced', 'withdrawn'] as const;
export type StoredProposalStatus = (typeof STORED_PROPOSAL_STATUSES)[number];

/** The ways a sent proposal is taken back, each with its own message on the link (shared/proposals/api.ts). */
export const WITHDRAWN_PROPOSAL_STATUSES = ['revoked', 'replaced', 'withdrawn'] as const;
export type WithdrawnProposalStatus = (typeof WITHDRAWN_PROPOSAL_STATUSES)[number];
