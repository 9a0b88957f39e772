/**
 * Referrals: a consumer's friend, stored with the referring consumer and the deal, and recorded on the deal's
 * activity in the same transaction, on the condition that the deal is still that client's and closed (the rule the
 * service checked on its read), with the e-mail to the friend in the outbox (functions/lib/outbox.ts), which records
 * how it went on the referral: the referral is kept either way.
 */
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { dealEntity } from '@functions/domain/deals/entities/deal';
import { dealActivityEntity } from '@functions/domain/deals/entities/deal-activity';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { referralEntity, type Referral } from './referral';
import { commit } from '@functions/lib/data/transactions';
import type { DealActivityEntry } from '@functions/domain/deals/deals';
import { outboxStore, type OutboxMessage } from '@functions/lib/data/outbox-store';

export type { Referral } from './referral';

/** Thrown when the deal stopped being the client's closed deal between the read and the write. */
export class ReferralDealChangedError extends Error {
  override readonly name = 'ReferralDealChangedError';
}

export function referralStore(table: LeaseDeskTable) {
  const entities = {
    get referral() {
      return referralEntity(table);
    },
    get dealActivity() {
      return dealActivityEntity(table);
    },
    get deal() {
      return dealEntity(table);
    },
  };
  return {
    async get(id: string): Promise<Referral | null> {
      return (await entities.referral.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    /**
     * The referral, its activity entry on the deal and the e-mail to the friend (the outbox), if the deal is still
     * `clientId`'s closed deal.
     */
    async create(
      referral: Referral & { dealId: string; clientId: string },
      activity: DealActivityEntry,
      message?: OutboxMessage,
    ): Promise<Referral> {
      const outcome = await commit([
        entities.deal
          .build(ConditionCheck)
          .key({ id: referral.dealId })
          .condition({
            and: [
              { attr: 'clientId', eq: referral.clientId },
              { attr: 'status', eq: 'closed' },
            ],
          }),
        entities.referral
          .build(PutTransaction)
          .item(referral)
          .options({ condition: { attr: 'id', exists: false } }),
        entities.dealActivity.build(PutTransaction).item({ ...activity, dealId: referral.dealId }),
        ...(message ? [outboxStore(table).putTransaction(message)] : []),
      ]);
      if (!outcome.ok) throw new ReferralDealChangedError(referral.dealId);
      return referral;
    },
  };
}
