/**
 * The link between a converted lead and the deals created from it (docs/decisions.md, "Lead conversion"): the deal
 * records its `sourceLeadId` in its own create, then the lead's `dealIds` gets the deal appended here. The append
 * moves the lead's revision on (stores/leads.ts conditions every inbox write on it), so an inbox write made on the
 * lead as it was before is re-read and re-applied instead of dropping the link.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $append } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { quoteLeadEntity, type QuoteLead } from '../entities/quote-lead';
import type { LeaseDeskTable } from '../table';

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

    /** Appends `dealId` to the lead's deals (the lead must exist). */
    async link(leadId: string, dealId: string): Promise<void> {
      await entity()
        .build(UpdateItemCommand)
        .item({ id: leadId, dealIds: $append([dealId]), revision: $add(1) })
        .options({ condition: { attr: 'id', exists: true } })
        .send();
    },
  };
}

export type LeadDealStore = ReturnType<typeof leadDealStore>;
