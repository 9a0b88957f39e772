/**
 * The brokered-vehicle log's line (docs/data-model.md, "Brokered-vehicle log"; docs/decisions.md, "Brokered-vehicle
 * log"): one item per client deal that reached closing, keyed by the deal, so a deal has one line whatever it goes
 * through. Written only by the deals store, in the deal write's own transaction (and by the migration that logs the
 * deals closed before the log), never deleted: the deal's delete leaves it, and no TTL applies to it.
 *
 * It copies what the log shows (the client's, dealership's and broker's names as they were at closing), so reading it
 * never reads deals, dealerships or users, and it outlives all of them. Every line sits in one index partition sorted
 * by closing time: a range of closing days is one Query per page.
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

/** The index partition of every line (gsi1), sorted by `{closedAt}#{dealId}`. */
export const BROKERED_VEHICLES_PARTITION = 'BROKEREDVEHICLES';

/** A line's position in the partition: its gsi1 sort key. */
export const linePosition = ({ closedAt, dealId }: { closedAt: string; dealId: string }) => `${closedAt}#${dealId}`;

export const brokeredVehicleSchema = item({
  dealId: string().key(),
  /** When the deal closed (the deal's `dealClosedAt`, ISO time): the line's date. */
  closedAt: string(),
  brokerId: string(),
  brokerName: string().optional(),
  clientId: string().optional(),
  clientName: string().optional(),
  vin: string().optional(),
  /** Year, make and model. */
  vehicle: string().optional(),
  dealershipId: string().optional(),
  dealershipName: string().optional(),
  /** Dealer fee + client fee, in cents. */
  feeCents: number(),
  /** When the line was first written; kept by every later write of the line. */
  loggedAt: string(),
  /** When the line was last written (a re-close, an edit of the closed deal's logged facts). */
  updatedAt: string(),
}).and((_schema) => ({
  gsi1pk: string().hidden().const(BROKERED_VEHICLES_PARTITION),
  gsi1sk: string().hidden().link<typeof _schema>(linePosition),
}));

export const lineKey = (dealId: string) => ({ pk: `BROKEREDVEHICLE#${dealId}`, sk: 'LINE' });

export const brokeredVehicleEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'brokeredVehicle',
      table,
      schema: brokeredVehicleSchema,
      computeKey: ({ dealId }) => lineKey(dealId),
    }),
);
export type BrokeredVehicleItem = FormattedItem<ReturnType<typeof brokeredVehicleEntity>>;
