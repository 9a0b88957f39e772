/**
 * Consumer invitations and their acceptance (docs/decisions.md "Consumers").
 *
 * Accepting creates a Cognito user, which cannot be part of a DynamoDB transaction, so one account per invitation
 * is kept by a claim around it:
 *   1. `claim`: a conditional update moves the invitation from `pending` to `accepting` with a claim id and a lease
 *      (`claimedUntil`). Two concurrent accepts cannot both pass it; the loser is told the invitation is used.
 *   2. the service creates the account (only the claim holder gets here);
 *   3. `finalize`: one transaction uses the invitation (on the condition that this claim still holds it), creates
 *      the consumer's user item and links the client (on the condition that no consumer is linked yet).
 * A failed account creation `release`s the claim. A claim whose holder died (a Lambda timeout between 1 and 3)
 * expires with its lease and may be taken over, so an invitation is never stuck in `accepting`. The claim records
 * the e-mail whose account it is creating (`accountEmail`), kept until the outcome is known, so the next accept can
 * tell an account its own invitation left half made from someone else's.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { userEntity } from '@functions/domain/users/user';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { clientEntity, clientUserPartition } from '@functions/domain/clients/client';
import { invitationEntity, invitationsOfClient, type Invitation } from './invitation';
import { queryAll } from '@functions/lib/data/query';
import { outboxStore, type OutboxMessage } from '@functions/lib/data/outbox-store';
import { commit, isConditionalCheckFailure } from '@functions/lib/data/transactions';
import { notificationWrites, notify } from '@functions/domain/notifications/notify';

export type { Invitation } from './invitation';

/** How long an accept may hold its claim: well above the account creation's few calls, below a user's patience. */
export const ACCEPT_LEASE_MS = 60_000;

export type FinalizeOutcome = 'accepted' | 'claim-lost' | 'client-linked';

export interface ConsumerAccount {
  userId: string;
  fullName: string;
  email: string;
}

/**
 * The invitation exists, has not expired at `at`, and is pending, or being accepted by a claim whose lease ran out
 * at `at` (the accept that took it died): what a new claim and a new e-mail code both require.
 */
const claimable = (at: string): Condition<ReturnType<typeof invitationEntity>> => ({
  and: [
    { attr: 'token', exists: true },
    { attr: 'validUntil', gt: at },
    {
      or: [
        { attr: 'status', eq: 'pending' },
        {
          and: [
            { attr: 'status', eq: 'accepting' },
            { attr: 'claimedUntil', lt: at },
          ],
        },
      ],
    },
  ],
});

export function invitationStore(table: LeaseDeskTable) {
  const entities = {
    get invitation() {
      return invitationEntity(table);
    },
    get client() {
      return clientEntity(table);
    },
    get user() {
      return userEntity(table);
    },
  };
  return {
    async get(token: string, { consistent = false } = {}): Promise<Invitation | null> {
      return (await entities.invitation.build(GetItemCommand).key({ token }).options({ consistent }).send()).Item ?? null;
    },

    /** The client's newest invitation (one Query of one item), whatever its state. */
    async latestOfClient(clientId: string): Promise<Invitation | null> {
      const [latest] = await queryAll(
        entities.invitation,
        { index: 'gsi1', partition: invitationsOfClient(clientId) },
        { reverse: true, limit: 1 },
      );
      return latest ?? null;
    },

    /**
     * Stores a new invitation with the message that sends it (the outbox: functions/lib/outbox.ts), in one
     * transaction; a token is 128 random bits, so the condition only guards against a programming error.
     */
    async create(invitation: Invitation, message?: OutboxMessage): Promise<Invitation> {
      const outcome = await commit([
        entities.invitation
          .build(PutTransaction)
          .item(invitation)
          .options({ condition: { attr: 'token', exists: false } }),
        ...(message ? [outboxStore(table).putTransaction(message)] : []),
      ]);
      if (!outcome.ok) throw new Error(`Invitation ${invitation.id} or its message already exists`);
      return invitation;
    },

    /**
     * A new e-mail code for an invitation that may be accepted (pending, or its accept's lease ran out), with the message
     * that sends it (the outbox), in one transaction; the code's checks start again. False when it is used, being
     * accepted or expired (the caller says which).
     */
    async putEmailCode(token: string, code: { hash: string; validUntil: string }, message: OutboxMessage, now: Date) {
      const at = now.toISOString();
      const outcome = await commit([
        entities.invitation
          .build(UpdateTransaction)
          .item({
            token,
            emailCodeHash: code.hash,
            emailCodeValidUntil: code.validUntil,
            emailCodeChecks: 0,
            emailCodeDeliveryStatus: 'retrying',
            emailCodeDeliveryError: $remove(),
          })
          .options({
            condition: claimable(at),
          }),
        outboxStore(table).putTransaction(message),
      ]);
      return outcome.ok;
    },

    /**
     * Counts one check of the code whose hash is `hash` (every check, right or wrong, before comparing, so concurrent
     * guesses cannot pass the limit together). False when `max` checks were made, or another code replaced it.
     */
    async takeEmailCodeCheck(token: string, hash: string, max: number): Promise<boolean> {
      try {
        await entities.invitation
          .build(UpdateItemCommand)
          .item({ token, emailCodeChecks: $add(1) })
          .options({
            condition: {
              and: [
                { attr: 'emailCodeHash', eq: hash },
                { attr: 'emailCodeChecks', lt: max },
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
     * Step 1: takes the invitation for one accept. True when this accept holds it now: it was pending (or its
     * previous claim's lease ran out) and it has not expired. False otherwise; the caller re-reads to say why.
     */
    async claim(token: string, claimId: string, now: Date, accountEmail: string): Promise<boolean> {
      const at = now.toISOString();
      try {
        await entities.invitation
          .build(UpdateItemCommand)
          .item({
            token,
            status: 'accepting',
            claimId,
            claimedUntil: new Date(now.getTime() + ACCEPT_LEASE_MS).toISOString(),
            accountEmail,
          })
          .options({
            condition: claimable(at),
          })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Gives a claim back: the invitation is pending again. `accountMayExist` when the account creation's outcome is
     * unknown (the call threw): the claim's `accountEmail` is then kept for the next accept.
     */
    async release(token: string, claimId: string, { accountMayExist = false } = {}): Promise<void> {
      try {
        await entities.invitation
          .build(UpdateItemCommand)
          .item({
            token,
            status: 'pending',
            claimId: $remove(),
            claimedUntil: $remove(),
            ...(accountMayExist ? {} : { accountEmail: $remove() }),
          })
          .options({
            condition: {
              and: [
                { attr: 'status', eq: 'accepting' },
                { attr: 'claimId', eq: claimId },
              ],
            },
          })
          .send();
      } catch (error) {
        // Someone else took the claim over after our lease ran out: it is theirs to finish.
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    /**
     * Step 3, one transaction: the invitation becomes used by the account (if this claim still holds it), the
     * consumer's user item is created and the client is linked to it (if no consumer is linked yet).
     */
    async finalize(invitation: Invitation, claimId: string, account: ConsumerAccount, now: Date): Promise<FinalizeOutcome> {
      const at = now.toISOString();
      const outcome = await commit([
        entities.invitation
          .build(UpdateTransaction)
          .item({
            token: invitation.token,
            status: 'used',
            usedBy: account.userId,
            usedAt: at,
            claimId: $remove(),
            claimedUntil: $remove(),
            accountEmail: $remove(),
          })
          .options({
            condition: {
              and: [
                { attr: 'status', eq: 'accepting' },
                { attr: 'claimId', eq: claimId },
              ],
            },
          }),
        // The client's consumer link and its index keys ("the consumer's own client record"): the index keys are
        // computed by the entity on a put only, so this partial update names them (functions/domain/clients/client.ts, gsi3).
        entities.client
          .build(UpdateTransaction)
          .item({
            id: invitation.clientId,
            userId: account.userId,
            gsi3pk: clientUserPartition(account.userId),
            gsi3sk: `CLIENT#${invitation.clientId}`,
          } as never)
          .options({
            condition: {
              and: [
                { attr: 'id', exists: true },
                { attr: 'userId', exists: false },
              ],
            },
          }),
        entities.user
          .build(PutTransaction)
          .item({
            userId: account.userId,
            role: 'consumer',
            fullName: account.fullName,
            email: account.email.toLowerCase(),
            createdAt: at,
          })
          .options({ condition: { attr: 'userId', exists: false } }),
        // The inviting broker is told, in the same transaction (functions/domain/notifications/notify.ts).
        ...notificationWrites(table, [notify.invitationAccepted(invitation.invitedBy, account)], now),
      ]);
      if (outcome.ok) return 'accepted';
      if (outcome.failedConditions.includes(0)) return 'claim-lost';
      if (outcome.failedConditions.includes(1)) return 'client-linked';
      // A user item for a Cognito id created a moment ago: not a state any request can produce.
      throw new Error(`A user item already exists for the new consumer ${account.userId}`);
    },
  };
}
