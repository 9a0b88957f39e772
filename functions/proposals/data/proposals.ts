/**
 * Proposals: stored with their snapshot, found by token hash or listed by deal. State changes are conditional on the
 * stored status (revoke and accept only a `sent` proposal still in date), so a revoke and an accept arriving together
 * cannot both win. The accept itself commits with the deal (see ../proposals.ts `acceptProposal`).
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { dealActivityEntity } from '@functions/domain/deals/entities/deal-activity';
import type { DealActivityEntry } from '@functions/domain/deals/deals';
import { queryAll } from '@functions/lib/data/query';
import { outboxStore, type OutboxMessage } from '@functions/lib/data/outbox-store';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { commit, isConditionalCheckFailure, type WriteOperation } from '@functions/lib/data/transactions';
import { proposalEntity, proposalHeadEntity, proposalsOfDeal, type Proposal } from './proposal';

export type { Proposal } from './proposal';

export function proposalStore(table: LeaseDeskTable) {
  const entities = {
    get proposal() {
      return proposalEntity(table);
    },
    get dealActivity() {
      return dealActivityEntity(table);
    },
    get head() {
      return proposalHeadEntity(table);
    },
  };
  return {
    async getByTokenHash(tokenHash: string): Promise<Proposal | null> {
      return (await entities.proposal.build(GetItemCommand).key({ tokenHash }).send()).Item ?? null;
    },

    /** The id of the deal's newest proposal as sharing recorded it (null before its first share). */
    async latestId(dealId: string): Promise<string | null> {
      return (await entities.head.build(GetItemCommand).key({ dealId }).send()).Item?.latestId ?? null;
    },

    /** A deal's proposals, newest first (one Query; a deal has a handful). */
    async listOfDeal(dealId: string): Promise<Proposal[]> {
      return queryAll(entities.proposal, { index: 'gsi1', partition: proposalsOfDeal(dealId) }, { reverse: true });
    },

    /**
     * Stores a new proposal as the deal's one sent offer, in one transaction: the deal's earlier proposals still
     * `sent` become `replaced` (each on the condition that it is still sent), the deal's head moves to the new one
     * (on the condition that it still names `latestId`, the newest proposal read), and the message that sends it
     * (the outbox) is written with it. False, nothing written, when any of it changed meanwhile (a proposal accepted,
     * another share): the caller reads the deal's proposals again.
     */
    async share(
      proposal: Proposal,
      replaced: readonly Proposal[],
      latestId: string | null,
      message: OutboxMessage | null,
    ): Promise<boolean> {
      const at = proposal.createdAt;
      const outcome = await commit([
        entities.proposal
          .build(PutTransaction)
          .item(proposal)
          .options({ condition: { attr: 'tokenHash', exists: false } }),
        ...replaced.map(({ tokenHash }) =>
          entities.proposal
            .build(UpdateTransaction)
            .item({ tokenHash, status: 'replaced', revokedAt: at })
            .options({
              condition: {
                and: [
                  { attr: 'tokenHash', exists: true },
                  { attr: 'status', eq: 'sent' },
                ],
              },
            }),
        ),
        entities.head
          .build(PutTransaction)
          .item({ dealId: proposal.dealId, latestId: proposal.id })
          .options({ condition: latestId ? { attr: 'latestId', eq: latestId } : { attr: 'dealId', exists: false } }),
        ...(message ? [outboxStore(table).putTransaction(message)] : []),
      ]);
      return outcome.ok;
    },

    /** Stores a proposal as it is (tests and the seed); the token hash is of 128 random bits. */
    async create(proposal: Proposal): Promise<Proposal> {
      await entities.proposal
        .build(PutItemCommand)
        .item(proposal)
        .options({ condition: { attr: 'tokenHash', exists: false } })
        .send();
      return proposal;
    },

    /** Revokes a proposal if it is still `sent`; false when it was accepted or revoked meanwhile. */
    async revoke(tokenHash: string, now: Date): Promise<boolean> {
      try {
        await entities.proposal
          .build(UpdateItemCommand)
          .item({ tokenHash, status: 'revoked', revokedAt: now.toISOString() })
          .options({
            condition: {
              and: [
                { attr: 'tokenHash', exists: true },
                { attr: 'status', eq: 'sent' },
              ],
            },
          })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    /**
     * The write that accepts a `sent` proposal still in date at `now`, for the deal's transaction, with the option the
     * client chose (null: the proposal has none). Conditional on `sent`, so a second accept can never change the option.
     */
    acceptOperation(tokenHash: string, now: Date, ip: string, option: number | null): WriteOperation {
      return entities.proposal
        .build(UpdateTransaction)
        .item({
          tokenHash,
          status: 'accepted',
          acceptedAt: now.toISOString(),
          acceptedIp: ip,
          ...(option === null ? {} : { acceptedOption: option }),
        })
        .options({
          condition: {
            and: [
              { attr: 'tokenHash', exists: true },
              { attr: 'status', eq: 'sent' },
              { attr: 'validUntil', gt: now.toISOString() },
            ],
          },
        });
    },

    /**
     * A client's question: its activity entry on the deal with `extra` (the broker's notification and e-mail, the
     * outbox's message), together.
     */
    async recordQuestion(dealId: string, activity: DealActivityEntry, extra: WriteOperation[] = []): Promise<void> {
      const outcome = await commit([entities.dealActivity.build(PutTransaction).item({ ...activity, dealId }), ...extra]);
      if (!outcome.ok) throw new Error('The question could not be recorded');
    },
  };
}

export type ProposalStore = ReturnType<typeof proposalStore>;
