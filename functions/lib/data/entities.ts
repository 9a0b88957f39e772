/**
 * Every entity over the one table, each built on first access and then kept. Building an Entity checks its
 * schema, which costs; a function pays only for the entities its code paths touch (the dashboard never builds the
 * deal or quote-lead entities). Entity modules hold no SDK import beyond types, so importing one is cheap.
 */
import { academyContentEntity } from './entities/academy-content';
import { academyLearnerEntity } from './entities/academy-learner';
import { academyProgressEntity } from './entities/academy-progress';
import { brokerProfileEntity } from './entities/broker-profile';
import { clientEntity } from './entities/client';
import { clientEmailEntity } from './entities/client-email';
import { clientSearchEntryEntity } from './entities/client-search-entry';
import { counterEntity } from './entities/counter';
import { creditApplicationEntity } from './entities/credit-application';
import { dealEntity } from './entities/deal';
import { dealActivityEntity } from './entities/deal-activity';
import { dealListCountEntity } from './entities/deal-list-count';
import { dealListEntryEntity } from './entities/deal-list-entry';
import { dealViewEntity } from './entities/deal-view';
import { dealershipEntity } from './entities/dealership';
import { invitationEntity } from './entities/invitation';
import { marketplaceListingEntity } from './entities/marketplace-listing';
import { marketplaceMakeCountEntity } from './entities/marketplace-make-count';
import { paymentEventEntity } from './entities/payment-event';
import { quoteLeadEntity } from './entities/quote-lead';
import { referralEntity } from './entities/referral';
import { seedRunEntity } from './entities/seed-run';
import { stockNumberEntity } from './entities/stock-number';
import { trendingSnapshotEntity } from './entities/trending-snapshot';
import { userEntity } from './entities/user';
import { vehicleStatsEntity } from './entities/vehicle-stats';
import { vehicleViewDayEntity } from './entities/vehicle-view-day';
import type { LeaseDeskTable } from './table';

const BUILDERS = {
  user: userEntity,
  brokerProfile: brokerProfileEntity,
  deal: dealEntity,
  dealActivity: dealActivityEntity,
  stockNumber: stockNumberEntity,
  vehicleStats: vehicleStatsEntity,
  dealView: dealViewEntity,
  vehicleViewDay: vehicleViewDayEntity,
  marketplaceListing: marketplaceListingEntity,
  marketplaceMakeCount: marketplaceMakeCountEntity,
  trendingSnapshot: trendingSnapshotEntity,
  client: clientEntity,
  dealership: dealershipEntity,
  academyContent: academyContentEntity,
  academyProgress: academyProgressEntity,
  academyLearner: academyLearnerEntity,
  creditApplication: creditApplicationEntity,
  invitation: invitationEntity,
  referral: referralEntity,
  quoteLead: quoteLeadEntity,
  counter: counterEntity,
  seedRun: seedRunEntity,
  dealListEntry: dealListEntryEntity,
  dealListCount: dealListCountEntity,
  clientSearchEntry: clientSearchEntryEntity,
  clientEmail: clientEmailEntity,
  paymentEvent: paymentEventEntity,
};

export type Entities = { readonly [Name in keyof typeof BUILDERS]: ReturnType<(typeof BUILDERS)[Name]> };

/** The entities over `table`, each built on first access. */
export function createEntities(table: LeaseDeskTable): Entities {
  const entities = {};
  for (const [name, build] of Object.entries(BUILDERS)) {
    let entity: unknown;
    Object.defineProperty(entities, name, { enumerable: true, get: () => (entity ??= build(table)) });
  }
  return entities as unknown as Entities;
}
