/**
 * The link between a converted lead and the deals created from it (docs/decisions.md, "Lead conversion"): the deal
 * records its `sourceLeadId` and the lead's `dealIds` gets the deal appended, both in the deal's create transaction
 * (`linkOperation` is one of its extra operations), so neither is ever written without the other. The append
 * moves the lead's revision on (functions/domain/leads/leads.ts conditions every inbox write on it), so an inbox write made on the
 * lead as it was before is re-read and re-applied instead of dropping the link.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $append } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { quoteLeadEntity, type QuoteLead } from '@functions/domain/leads/quote-lead';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import type { WriteOperation } from '@functions/lib/data/transactions';

export function leadDealStore(table: LeaseDeskTable) {
  const entity = () => quoteLeadEntity(table);
  return {
    /** Who holds the lead (the deal's create checks the caller may work it), or null when there is no such lead. */
    async holders(leadId: string): Promise<Pick<QuoteLead, 'assignedBrokerId' | 'brokerId'> | null> {
      const { Item } = await entity()
        .build(GetItemCommand)
        .key({ id: leadId })
        .options({ attributes: ['id', 'assignedBrokerId', 'brokerId'] })
        .send();
      return Item ?? null;
    },

    /**
     * Appends `dealId` to the lead's deals, as an operation of the deal's create transaction; its condition (the lead
     * exists) fails the whole transaction when the lead is gone.
     */
    linkOperation(leadId: string, dealId: string): WriteOperation {
      return entity()
        .build(UpdateTransaction)
        .item({ id: leadId, dealIds: $append([dealId]), revision: $add(1) })
        .options({ condition: { attr: 'id', exists: true } });
    },
  };
}

export type LeadDealStore = ReturnType<typeof leadDealStore>;
