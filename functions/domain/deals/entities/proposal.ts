/**
 * A proposal sent to a deal's client (docs/data-model.md, "Proposals"): found by the SHA-256 of its link's token (the
 * token itself is shown once, to the broker who shares it, and never stored), and listed by its deal.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { STORED_PROPOSAL_STATUSES } from '@shared/proposals/enums';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';
import { perTable } from '@functions/lib/data/table';

export const proposalsOfDeal = (dealId: string) => `PROPOSALS#${dealId}`;

/** The outbox's record of a proposal's e-mail or text to the client (functions/lib/outbox.ts marks it). */
export const proposalDeliveryRecord = (tokenHash: string) => ({
  pk: `PROPOSAL#${tokenHash}`,
  sk: 'PROPOSAL',
  statusPath: 'deliveryStatus',
  errorPath: 'deliveryError',
});

export const proposalSchema = item({
  /** base64url SHA-256 of the link's 128-bit token. */
  tokenHash: string().key(),
  id: string(),
  dealId: string(),
  /** The deal's broker when it was sent: the one the client's question is e-mailed to. */
  brokerId: string(),
  /**
   * The client the proposal was made out to (the deal's then; absent on proposals stored before this was kept, and
   * when the deal had none). Once the deal names another client the proposal reads `withdrawn`, whether or not the
   * deal's write has marked it so yet (shared/proposals/rules.ts `proposalForClient`).
   */
  clientId: string().optional(),
  status: string().enum(...STORED_PROPOSAL_STATUSES),
  /** ISO date-time after which a sent proposal reads as expired. */
  validUntil: string(),
  createdAt: string(),
  createdById: string(),
  createdByName: string(),
  acceptedAt: string().optional(),
  /** The source address the acceptance came from (also on the deal's activity trail). */
  acceptedIp: string().optional(),
  /**
   * The index in `snapshot.options` of the option the client accepted, written with the acceptance (docs/decisions.md,
   * "Proposal options"); absent when the proposal has no options.
   */
  acceptedOption: number().optional(),
  /** When it was revoked, replaced by a newer one or withdrawn (the deal moved to another client). */
  revokedAt: string().optional(),
  /** Where the proposal was sent (the client's e-mail, else phone) and how that went (the outbox marks it). */
  sentChannel: string().optional(),
  sentTo: string().optional(),
  deliveryStatus: string().optional(),
  deliveryError: string().optional(),
  /** The ProposalSnapshot (shared/proposals/api.ts), as made when it was sent; never changed afterwards. */
  snapshot: any(),
}).and((_schema) => ({
  /** A deal's proposals, oldest first. */
  gsi1pk: string()
    .hidden()
    .link<typeof _schema>(({ dealId }) => proposalsOfDeal(dealId)),
  gsi1sk: string()
    .hidden()
    .link<typeof _schema>(({ createdAt, id }) => `${createdAt}#${id}`),
}));

export const proposalEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'proposal',
      table,
      schema: proposalSchema,
      computeKey: ({ tokenHash }) => ({ pk: `PROPOSAL#${tokenHash}`, sk: 'PROPOSAL' }),
    }),
);

export type Proposal = FormattedItem<ReturnType<typeof proposalEntity>>;

/**
 * A deal's newest proposal (docs/data-model.md, "Proposals"): sharing writes it on the condition that it still names
 * the newest proposal the sharer read, so two shares at once cannot both stand as the deal's one sent offer.
 */
export const proposalHeadSchema = item({
  dealId: string().key(),
  latestId: string(),
});

export const proposalHeadEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'proposalHead',
      table,
      schema: proposalHeadSchema,
      computeKey: ({ dealId }) => ({ pk: proposalsOfDeal(dealId), sk: 'HEAD' }),
    }),
);
