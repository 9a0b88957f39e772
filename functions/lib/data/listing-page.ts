/**
 * One page of a hand-made listing (a partition of entries sorted by their sort key `sk`), read with a limit and an
 * optional filter. A filter is applied by DynamoDB after the limit, so a filtered page reads up to `maxReads` times
 * `limit` entries and may come back short with a cursor to go on: its cost is bounded by the page, never by the
 * listing. Used by the deals list and the clients list.
 */
import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { LeaseDeskTable } from './table';

export interface ListingPageRequest {
  /** The listing's partition key (`pk`). */
  partition: string;
  /** A dynamodb-toolbox condition on the entry's attributes. */
  filter?: object;
  /** The sort key to continue after. */
  after?: string;
  limit: number;
  maxReads: number;
}

export async function listingPage<E extends Entity>(
  entity: E,
  request: ListingPageRequest,
  sortKeyOf: (entry: FormattedItem<E>) => string,
): Promise<{ entries: FormattedItem<E>[]; lastPosition: string | null }> {
  const table = entity.table as LeaseDeskTable;
  const entries: FormattedItem<E>[] = [];
  let after = request.after;
  for (let read = 0; read < request.maxReads; read++) {
    const { Items = [], LastEvaluatedKey } = await table
      .build(QueryCommand)
      .entities(entity)
      .query({ partition: request.partition })
      .options({
        limit: request.filter ? request.limit : request.limit - entries.length,
        maxPages: 1,
        ...(after ? { exclusiveStartKey: { pk: request.partition, sk: after } } : {}),
        ...(request.filter ? { filters: { [entity.entityName]: request.filter } } : {}),
      } as never)
      .send();
    entries.push(...(Items as FormattedItem<E>[]));
    after = typeof LastEvaluatedKey?.sk === 'string' ? LastEvaluatedKey.sk : undefined;
    if (entries.length >= request.limit) {
      // A filtered read can match more than the page has room for: the page then ends at its last entry.
      const page = entries.slice(0, request.limit);
      const more = entries.length > request.limit || after !== undefined;
      return { entries: page, lastPosition: more ? sortKeyOf(page.at(-1)!) : null };
    }
    if (!after) break;
  }
  return { entries, lastPosition: after ?? null };
}
