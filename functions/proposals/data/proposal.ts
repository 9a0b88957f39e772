/** The proposal entity lives with the table's entities (the deal store revokes a deleted deal's proposals). */
export {
  proposalDeliveryRecord,
  proposalEntity,
  proposalHeadEntity,
  proposalSchema,
  proposalsOfDeal,
  type Proposal,
} from '@functions/domain/deals/entities/proposal';
