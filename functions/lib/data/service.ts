/**
 * Every entity over the one table. Each ElectroDB Entity is built (and its model validated) on first use, so a
 * function pays only for the entities its code paths touch: the dashboard never builds the academy content or
 * quote-lead models. Transactions name the entities they write, with ElectroDB's `createWriteTransaction`,
 * rather than going through a Service, which would build all of them.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem, type TransactWriteEntity } from 'electrodb';
import { academyContentSchema, academyLearnerSchema, academyProgressSchema } from './entities/academy';
import { clientSchema, dealershipSchema } from './entities/clients';
import { dealSchema, stockNumberSchema, vehicleStatsSchema } from './entities/deals';
import { creditApplicationSchema, invitationSchema, quoteLeadSchema, referralSchema } from './entities/engagement';
import { counterSchema, seedRunSchema } from './entities/system';
import { brokerProfileSchema, userSchema } from './entities/users';
import { dealViewSchema, trendingSnapshotSchema, vehicleViewDaySchema } from './entities/views';

interface EntityOptions {
  client: DynamoDBDocumentClient;
  table: string;
}

function entityBuilders(options: EntityOptions) {
  return {
    user: () => new Entity(userSchema, options),
    brokerProfile: () => new Entity(brokerProfileSchema, options),
    deal: () => new Entity(dealSchema, options),
    stockNumber: () => new Entity(stockNumberSchema, options),
    vehicleStats: () => new Entity(vehicleStatsSchema, options),
    dealView: () => new Entity(dealViewSchema, options),
    vehicleViewDay: () => new Entity(vehicleViewDaySchema, options),
    trendingSnapshot: () => new Entity(trendingSnapshotSchema, options),
    client: () => new Entity(clientSchema, options),
    dealership: () => new Entity(dealershipSchema, options),
    academyContent: () => new Entity(academyContentSchema, options),
    academyProgress: () => new Entity(academyProgressSchema, options),
    academyLearner: () => new Entity(academyLearnerSchema, options),
    creditApplication: () => new Entity(creditApplicationSchema, options),
    invitation: () => new Entity(invitationSchema, options),
    referral: () => new Entity(referralSchema, options),
    quoteLead: () => new Entity(quoteLeadSchema, options),
    counter: () => new Entity(counterSchema, options),
    seedRun: () => new Entity(seedRunSchema, options),
  };
}

type EntityBuilders = ReturnType<typeof entityBuilders>;
export type Entities = { readonly [Name in keyof EntityBuilders]: ReturnType<EntityBuilders[Name]> };

/** The entities over `table`, each built on first access and then kept. */
export function createEntities(client: DynamoDBDocumentClient, table: string): Entities {
  const entities = {};
  for (const [name, build] of Object.entries(entityBuilders({ client, table }))) {
    let entity: unknown;
    Object.defineProperty(entities, name, { enumerable: true, get: () => (entity ??= build()) });
  }
  return entities as Entities;
}

/** An entity as a write transaction's callback receives it. */
export type TransactionEntity<E> = E extends Entity<infer A, infer F, infer C, infer S> ? TransactWriteEntity<A, F, C, S> : never;

export type User = EntityItem<Entities['user']>;
export type BrokerProfile = EntityItem<Entities['brokerProfile']>;
export type Deal = EntityItem<Entities['deal']>;
export type Client = EntityItem<Entities['client']>;
export type Dealership = EntityItem<Entities['dealership']>;
export type AcademyContent = EntityItem<Entities['academyContent']>;
export type AcademyProgress = EntityItem<Entities['academyProgress']>;
