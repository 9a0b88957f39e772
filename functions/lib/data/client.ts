import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The DynamoDB document client. Locally the SDK takes the endpoint from AWS_ENDPOINT_URL_DYNAMODB by itself,
 * so the same code runs against DynamoDB Local and AWS.
 */
export function createDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
}
