/**
 * One entry of a deal's activity trail: who changed the deal, when, and each recorded field's before and after.
 * Entries live in the deal's own partition (`DEAL#{id}`), sorted by time, so the detail reads the newest with one
 * Query and a delete finds them all; they are written by the deals store, in the deal's transaction, and by the
 * referrals store, with the referral (a consumer's referral is not a change of the deal).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { string } from 'dynamodb-toolbox/schema/string';
import { DEAL_ACTIVITY_KINDS } from '@shared/deals/activity';
import { perTable } from '@functions/lib/data/table';
import { ENTITY_DEFAULTS } from '@functions/lib/data/keys';

export const DEAL_ACTIVITY_SORT_PREFIX = 'ACTIVITY#';

export const dealActivitySchema = item({
  dealId: string().key(),
  /** ULID of the moment it happened: sorts by time, unique even within one millisecond. */
  id: string().key(),
  kind: string().enum(...DEAL_ACTIVITY_KINDS),
  /** ISO date-time. */
  at: string(),
  /** Null for the daily expiry job. */
  actorId: string().optional(),
  actorName: string(),
  /** Values are scalars or null (see shared/deals/api.ts `activityValueSchema`). */
  changes: list(map({ field: string(), before: any(), after: any() })),
});

export const dealActivityEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'dealActivity',
      table,
      schema: dealActivitySchema,
      computeKey: ({ dealId, id }) => ({ pk: `DEAL#${dealId}`, sk: `${DEAL_ACTIVITY_SORT_PREFIX}${id}` }),
    }),
);

export type DealActivityItem = FormattedItem<ReturnType<typeof dealActivityEntity>>;
