/**
 * The single DynamoDB table's key schema, used by the ElectroDB entities, the CDK table and the local stack
 * (which creates the same table in DynamoDB Local). Change the indexes here and everything follows.
 *
 * The GSIs are overloaded: each entity maps its own access patterns onto them (docs/data-model.md lists which
 * pattern uses which index). Deals need the most: status by date, broker, client, dealership, marketplace
 * and status by expiration date, hence six.
 */
import type { CreateTableCommandInput, UpdateTimeToLiveCommandInput } from '@aws-sdk/client-dynamodb';

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
