/**
 * A proposal sent to a deal's client (docs/data-model.md, "Proposals"): found by the SHA-256 of its link's token (the
 * token itself is shown once, to the broker who shares it, and never stored), and listed by its deal.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { STORED_PROPOSAL_STATUSES } from '@shared/proposals/enums';
import { ENTITY_DEFAULTS } from '@functions/lib/data/entities/keys';
import { perTable } from '@functions/lib/data/table';

export const proposalsOfDeal = (dealId: string) => `PROPOSALS#${dealId}`;

export const proposalSchema = item({
  /** base64url SHA-256 of the link's 128-bit token. */
  tokenHash: string().key(),
  id: string(),
  dealId: string(),
  /** The deal's broker when it was sent: the one the client's question is e-mailed to. */
  brokerId: string(),
  status: string().enum(...STORED_PROPOSAL_STATUSES),
  /** ISO date-time after which a sent proposal reads as expired. */
  validUntil: string(),
  createdAt: string(),
  createdById: string(),
  createdByName: string(),
  acceptedAt: string().optional(),
  /** The source address the acceptance came from (also on the deal's activity trail). */
  acceptedIp: string().optional(),
  revokedAt: string().optional(),
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
