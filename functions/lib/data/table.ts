/**
 * The single DynamoDB table's key schema, used by the ElectroDB entities, the CDK table and the local stack
 * (which creates the same table in DynamoDB Local). Change the indexes here and everything follows.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  ttlAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof TABLE_KEYS.indexes)[number]['name'];
