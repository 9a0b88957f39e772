/**
 * The single DynamoDB table's key schema, used by the dynamodb-toolbox entities, the CDK table and the local stack
 * (which creates the same table in DynamoDB Local). Change the indexes here and everything follows.
 *
 * The GSIs are overloaded: each entity maps its own access patterns onto them (docs/data-model.md lists which
 * pattern uses which index). Deals need the most: status by date, broker, client, dealership, marketplace
 * and status by expiration date, hence six.
 */
import type { CreateTableCommandInput, UpdateTimeToLiveCommandInput } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Table } from 'dynamodb-toolbox/table';

export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
    { name: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk' },
  ],
  ttlAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof TABLE_KEYS.indexes)[number]['name'];

/** The CreateTable input for TABLE_KEYS (on-demand, every GSI projecting all attributes). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttributes = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...TABLE_KEYS.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/** TTL is not part of CreateTable; this is the follow-up call that enables it. */
export function timeToLiveInput(tableName: string): UpdateTimeToLiveCommandInput {
  return {
    TableName: tableName,
    TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
  };
}

const stringKey = (name: string) => ({ name, type: 'string' }) as const;
const globalIndex = <P extends string, S extends string>(partitionKey: P, sortKey: S) =>
  ({ type: 'global', partitionKey: stringKey(partitionKey), sortKey: stringKey(sortKey) }) as const;

/**
 * The table as dynamodb-toolbox sees it, over `client`. One per `createData()`, so tests and the bench can hold
 * several tables in one process. Building it is cheap: no entity exists until a store asks for one.
 */
export function createToolboxTable(client: DynamoDBDocumentClient, name: string) {
  return new Table({
    documentClient: client,
    name,
    partitionKey: stringKey('pk'),
    sortKey: stringKey('sk'),
    indexes: {
      gsi1: globalIndex('gsi1pk', 'gsi1sk'),
      gsi2: globalIndex('gsi2pk', 'gsi2sk'),
      gsi3: globalIndex('gsi3pk', 'gsi3sk'),
      gsi4: globalIndex('gsi4pk', 'gsi4sk'),
      gsi5: globalIndex('gsi5pk', 'gsi5sk'),
      gsi6: globalIndex('gsi6pk', 'gsi6sk'),
    },
    // The entity name on every item: queries over an overloaded index return only the entity asked for.
    entityAttributeSavedAs: '_et',
  });
}

export type LeaseDeskTable = ReturnType<typeof createToolboxTable>;

/**
 * An entity builder that builds once per table: every store of a function that asks for the deal entity over the
 * same table gets the same instance, built on first use (building an entity checks its schema, which costs).
 */
export function perTable<E>(build: (table: LeaseDeskTable) => E): (table: LeaseDeskTable) => E {
  const built = new WeakMap<LeaseDeskTable, E>();
  return (table) => {
    let entity = built.get(table);
    if (entity === undefined) {
      entity = build(table);
      built.set(table, entity);
    }
    return entity;
  };
}
