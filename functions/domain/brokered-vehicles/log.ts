/**
 * The brokered-vehicle log store (docs/decisions.md, "Brokered-vehicle log"; docs/data-model.md, "Brokered-vehicle
 * log").
 *
 * - `dealWrite` gives the deals store the line a deal write logs (./line.ts), for the deal's own transaction, which is
 *   conditioned on the deal's revision: two requests closing one deal at once cannot both commit. The line is a put on
 *   the deal's one key, with the broker's and dealership's names as they stand and the first-logged time kept.
 * - `logIfMissing`: the migration's write, a put conditioned on the line not existing.
 * - `page`: a range of closing days, one Query per page of the one index partition, whatever the log's size.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { dealershipEntity } from '@functions/domain/dealerships/dealership';
import { userEntity } from '@functions/domain/users/user';
import { isConditionalCheckFailure, type WriteOperation } from '@functions/lib/data/transactions';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { BROKERED_VEHICLES_PARTITION, brokeredVehicleEntity, lineKey, linePosition, type BrokeredVehicleItem } from './entities';
import { lineFactsOf, lineToWrite, type LineFacts, type LogFacts } from './line';

export interface LinePageRequest {
  /** First and last closing day (YYYY-MM-DD, UTC), both included. */
  from: string;
  to: string;
  /** The position (`linePosition`) of the last line of the previous page. */
  after?: string;
  limit: number;
}

export interface LinePage {
  lines: BrokeredVehicleItem[];
  /** Where the next page starts after; null on the last page. */
  next: string | null;
}

/** The sort-key bounds of a range of days: every closing time of `from` up to the end of `to`. */
export const rangeBounds = (from: string, to: string): [string, string] => [from, `${to}~`];

export function brokeredVehicleLog(table: LeaseDeskTable) {
  const entities = {
    get line() {
      return brokeredVehicleEntity(table);
    },
    get dealership() {
      return dealershipEntity(table);
    },
    get user() {
      return userEntity(table);
    },
  };

  async function get(dealId: string): Promise<BrokeredVehicleItem | null> {
    return (await entities.line.build(GetItemCommand).key({ dealId }).send()).Item ?? null;
  }

  /** The line of `facts` as written at `now`: the names as they stand, the first-logged time of the line it replaces. */
  async function lineItem(facts: LineFacts, now: Date, existing: BrokeredVehicleItem | null): Promise<BrokeredVehicleItem> {
    const [broker, dealership] = await Promise.all([
      entities.user.build(GetItemCommand).key({ userId: facts.brokerId }).send(),
      facts.dealershipId
        ? entities.dealership.build(GetItemCommand).key({ id: facts.dealershipId }).send()
        : Promise.resolve({ Item: undefined }),
    ]);
    const at = now.toISOString();
    return {
      ...facts,
      ...(broker.Item?.fullName ? { brokerName: broker.Item.fullName } : {}),
      ...(dealership.Item?.name ? { dealershipName: dealership.Item.name } : {}),
      loggedAt: existing?.loggedAt ?? at,
      updatedAt: at,
    };
  }

  return {
    get,

    /** The put a deal write adds to its transaction (none when the line stays as it is): see the file's comment. */
    async dealWrite(before: LogFacts | undefined, after: LogFacts | undefined, now: Date): Promise<WriteOperation[]> {
      const facts = lineToWrite(before, after);
      if (!facts) return [];
      const item = await lineItem(facts, now, await get(facts.dealId));
      return [entities.line.build(PutTransaction).item(item)];
    },

    /**
     * Logs a deal that stands closed and has no line (the migration): a put on the condition that the line does not
     * exist, so a close or edit meanwhile is never overwritten. What it did: `logged`, `present` (a line exists) or
     * `not closed`.
     */
    async logIfMissing(deal: LogFacts, now: Date): Promise<'logged' | 'present' | 'not closed'> {
      const facts = lineFactsOf(deal);
      if (!facts) return 'not closed';
      if (await get(deal.id)) return 'present';
      try {
        await entities.line
          .build(PutItemCommand)
          .item(await lineItem(facts, now, null))
          .options({ condition: { attr: 'dealId', exists: false } })
          .send();
        return 'logged';
      } catch (error) {
        if (isConditionalCheckFailure(error)) return 'present';
        throw error;
      }
    },

    async page(request: LinePageRequest): Promise<LinePage> {
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entities.line)
        .query({
          index: 'gsi1',
          partition: BROKERED_VEHICLES_PARTITION,
          range: { between: rangeBounds(request.from, request.to) },
        })
        .options({
          limit: request.limit,
          maxPages: 1,
          exclusiveStartKey: request.after
            ? {
                ...lineKey(request.after.slice(request.after.lastIndexOf('#') + 1)),
                gsi1pk: BROKERED_VEHICLES_PARTITION,
                gsi1sk: request.after,
              }
            : undefined,
        })
        .send();
      const lines = Items as BrokeredVehicleItem[];
      const last = lines.at(-1);
      return { lines, next: LastEvaluatedKey && last ? linePosition(last) : null };
    },
  };
}

export type BrokeredVehicleLog = ReturnType<typeof brokeredVehicleLog>;
