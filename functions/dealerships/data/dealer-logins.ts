/** The claims of dealer logins being made (dealer-login-claim.ts): taken before the account, released after the user item. */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { isConditionalCheckFailure } from '@functions/lib/data/transactions';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { dealerLoginClaimEntity, type DealerLoginClaim } from './dealer-login-claim';

export function dealerLoginStore(table: LeaseDeskTable) {
  const entity = () => dealerLoginClaimEntity(table);
  const key = (email: string) => ({ email: email.toLowerCase() });
  return {
    /**
     * Claims the making of `email`'s login for a dealership: 'new' when no claim existed, 'resumed' when one of this
     * dealership existed (an earlier add of the same login, perhaps cut off half-way), null when another
     * dealership's add holds it unfinished.
     */
    async claim(input: { email: string; dealershipId: string; fullName: string }, now: Date): Promise<'new' | 'resumed' | null> {
      try {
        const { Attributes } = await entity()
          .build(PutItemCommand)
          .item({ ...input, ...key(input.email), claimedAt: now.toISOString() })
          .options({
            condition: {
              or: [
                { attr: 'email', exists: false },
                { attr: 'dealershipId', eq: input.dealershipId },
              ],
            },
            returnValues: 'ALL_OLD',
          })
          .send();
        return Attributes ? 'resumed' : 'new';
      } catch (error) {
        if (isConditionalCheckFailure(error)) return null;
        throw error;
      }
    },

    async get(email: string): Promise<DealerLoginClaim | null> {
      return (await entity().build(GetItemCommand).key(key(email)).options({ consistent: true }).send()).Item ?? null;
    },

    /** Releases the claim: the login is finished, or this flow made no account for it. */
    async release(email: string): Promise<void> {
      await entity().build(DeleteItemCommand).key(key(email)).send();
    },
  };
}

export type DealerLoginStore = ReturnType<typeof dealerLoginStore>;
