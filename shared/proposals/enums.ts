/**
 * A proposal's statuses. No zod here: the proposal entity, which every deal write loads (jobs included), imports
 * only this, not the proposal schemas (shared/proposals/api.ts).
 */

/** The state a reader sees: a stored `sent` proposal past its date reads `expired`. */
export const PROPOSAL_STATUSES = ['sent', 'accepted', 'revoked', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** What is stored; `expired` is only ever read (shared/proposals/rules.ts `proposalStatus`). */
export const STORED_PROPOSAL_STATUSES = ['sent', 'accepted', 'revoked'] as const;
export type StoredProposalStatus = (typeof STORED_PROPOSAL_STATUSES)[number];
