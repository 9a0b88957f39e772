/** Reading a whole access pattern: one Query, paged to the end. */
import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Query } from 'dynamodb-toolbox/table/actions/query';
import type { LeaseDeskTable } from './table';

export interface ListOptions {
  /** Newest (or last in key order) first. */
  reverse?: boolean;
  limit?: number;
}

export async function queryAll<E extends Entity>(
  entity: E,
  query: Query<LeaseDeskTable>,
  options: ListOptions = {},
): Promise<FormattedItem<E>[]> {
  const table = entity.table as LeaseDeskTable;
  const { Items = [] } = await table
    .build(QueryCommand)
    .entities(entity)
    .query(query)
    .options({ reverse: options.reverse, limit: options.limit, maxPages: options.limit ? 1 : Infinity })
    .send();
  return Items as FormattedItem<E>[];
}
