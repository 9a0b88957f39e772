/**
 * Every entity over the one table, grouped in one ElectroDB service (so they can share transactions).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, Service, type EntityItem } from 'electrodb';
import { academyContentSchema, academyLearnerSchema, academyProgressSchema } from './entities/academy';
import { clientSchema, dealershipSchema } from './entities/clients';
import { dealSchema, stockNumberSchema, vehicleStatsSchema } from './entities/deals';
import { creditApplicationSchema, invitationSchema, quoteLeadSchema, referralSchema } from './entities/engagement';
import { counterSchema, seedRunSchema } from './entities/system';
import { brokerProfileSchema, userSchema } from './entities/users';
import { dealViewSchema, trendingSnapshotSchema, vehicleViewDaySchema } from './entities/views';

export function createService(client: DynamoDBDocumentClient, table: string) {
  const options = { client, table };
  return new Service({
    user: new Entity(userSchema, options),
    brokerProfile: new Entity(brokerProfileSchema, options),
    deal: new Entity(dealSchema, options),
    stockNumber: new Entity(stockNumberSchema, options),
    vehicleStats: new Entity(vehicleStatsSchema, options),
    dealView: new Entity(dealViewSchema, options),
    vehicleViewDay: new Entity(vehicleViewDaySchema, options),
    trendingSnapshot: new Entity(trendingSnapshotSchema, options),
    client: new Entity(clientSchema, options),
    dealership: new Entity(dealershipSchema, options),
    academyContent: new Entity(academyContentSchema, options),
    academyProgress: new Entity(academyProgressSchema, options),
    academyLearner: new Entity(academyLearnerSchema, options),
    creditApplication: new Entity(creditApplicationSchema, options),
    invitation: new Entity(invitationSchema, options),
    referral: new Entity(referralSchema, options),
    quoteLead: new Entity(quoteLeadSchema, options),
    counter: new Entity(counterSchema, options),
    seedRun: new Entity(seedRunSchema, options),
  });
}

export type LeaseDeskService = ReturnType<typeof createService>;
export type Entities = LeaseDeskService['entities'];

export type User = EntityItem<Entities['user']>;
export type BrokerProfile = EntityItem<Entities['brokerProfile']>;
export type Deal = EntityItem<Entities['deal']>;
export type Client = EntityItem<Entities['client']>;
export type Dealership = EntityItem<Entities['dealership']>;
export type AcademyContent = EntityItem<Entities['academyContent']>;
export type AcademyProgress = EntityItem<Entities['academyProgress']>;
