/**
 * What an AWS API request asks IAM for: the actions, resources and condition keys IAM would evaluate for one
 * request of the SDK (or of a browser using a presigned request) to DynamoDB, S3, SES v2, Cognito or SNS, as sent
 * to the local emulators. Resource names are translated from the local stack's to the deployed ones (`rename`) so
 * they can be checked against the template's policies.
 */
import { TABLE_KEYS } from '@functions/lib/data/table';

export interface RequiredPermission {
  action: string;
  resource: string;
  context?: Record<string, string>;
}

export interface AwsCall {
  service: 'dynamodb' | 's3' | 'sesv2' | 'cognito-idp' | 'sns' | 'unknown';
  /** Operation as AWS names it (Query, TransactWriteItems, PutObject, SendEmail, ...). */
  operation: string;
  needs: RequiredPermission[];
}

export interface RawRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface ArnContext {
  region: string;
  account: string;
  /** Local physical name -> deployed physical name (table, buckets, user pool id). */
  rename: (localName: string) => string;
}

const header = (request: RawRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

type AttributeMap = Record<string, { S?: string } | undefined>;

/**
 * The `dynamodb:LeadingKeys` condition key of a request on one item (its partition key, from `Key` or a put's
 * `Item`), which IAM evaluates for single-item actions; absent when the request names no item.
 */
function leadingKeyContext(item: { Key?: AttributeMap; Item?: AttributeMap }): Pick<RequiredPermission, 'context'> {
  const partitionKey = (item.Key ?? item.Item)?.[TABLE_KEYS.partitionKey]?.S;
  return partitionKey === undefined ? {} : { context: { 'dynamodb:LeadingKeys': partitionKey } };
}

function dynamodb(operation: string, body: Record<string, unknown>, arn: ArnContext): RequiredPermission[] {
  const table = (name: unknown) => `arn:aws:dynamodb:${arn.region}:${arn.account}:table/${arn.rename(String(name))}`;
  switch (operation) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((body.RequestItems as Record<string, unknown>) ?? {}).map((name) => ({
        action: `dynamodb:${operation}`,
        resource: table(name),
      }));
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const itemAction: Record<string, string> = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      };
      return (
        (body.TransactItems as Record<string, { TableName: string; Key?: AttributeMap; Item?: AttributeMap }>[]) ?? []
      ).flatMap((item) =>
        Object.entries(item).map(([kind, part]) => ({
          action: `dynamodb:${itemAction[kind] ?? kind}`,
          resource: table(part.TableName),
          ...leadingKeyContext(part),
        })),
      );
    }
    default: {
      const index = body.IndexName ? `/index/${String(body.IndexName)}` : '';
      return [{ action: `dynamodb:${operation}`, resource: `${table(body.TableName)}${index}`, ...leadingKeyContext(body) }];
    }
  }
}

function s3(request: RawRequest, arn: ArnContext): AwsCall {
  const url = new URL(request.url, 'http://local');
  const [bucketLocal = '', ...keyParts] = url.pathname.replace(/^\//, '').split('/');
  const bucket = arn.rename(decodeURIComponent(bucketLocal));
  const key = keyParts.map(decodeURIComponent).join('/');
  const object = (name: string, objectKey: string) => `arn:aws:s3:::${name}/${objectKey}`;
  const call = (operation: string, needs: RequiredPermission[]): AwsCall => ({ service: 's3', operation, needs });
  const method = request.method.toUpperCase();
  if (method === 'POST' && !key && url.searchParams.has('delete')) {
    const keys = [...request.body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1] ?? '');
    return call(
      'DeleteObjects',
      keys.map((deleted) => ({ action: 's3:DeleteObject', resource: object(bucket, deleted) })),
    );
  }
  if (method === 'POST' && !key) {
    // A browser upload with a presigned POST: the form's `key` field names the object.
    const field = /name="key"\r\n\r\n([^\r]*)\r\n/.exec(request.body.toString('latin1'))?.[1] ?? '';
    return call('PostObject', [
      { action: 's3:PutObject', resource: object(bucket, Buffer.from(field, 'latin1').toString('utf8')) },
    ]);
  }
  if (!key) return call('ListObjectsV2', [{ action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` }]);
  if (method === 'GET' || method === 'HEAD') {
    return call(method === 'GET' ? 'GetObject' : 'HeadObject', [{ action: 's3:GetObject', resource: object(bucket, key) }]);
  }
  if (method === 'DELETE') return call('DeleteObject', [{ action: 's3:DeleteObject', resource: object(bucket, key) }]);
  const copySource = header(request, 'x-amz-copy-source');
  if (method === 'PUT' && copySource) {
    const [sourceBucket = '', ...sourceKey] = decodeURIComponent(copySource.split('?')[0] ?? '')
      .replace(/^\//, '')
      .split('/');
    return call('CopyObject', [
      { action: 's3:GetObject', resource: object(arn.rename(sourceBucket), sourceKey.join('/')) },
      { action: 's3:PutObject', resource: object(bucket, key) },
    ]);
  }
  return call('PutObject', [{ action: 's3:PutObject', resource: object(bucket, key) }]);
}

/** The bare address of a From header value ("LeaseDesk <no-reply@x.com>" -> no-reply@x.com). */
function bareAddress(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

export function describeAwsCall(request: RawRequest, arn: ArnContext): AwsCall | undefined {
  if (request.method.toUpperCase() === 'OPTIONS') return undefined; // a browser's CORS preflight: no API call
  const target = header(request, 'x-amz-target');
  if (target?.startsWith('DynamoDB_')) {
    const operation = target.split('.')[1] ?? '';
    return { service: 'dynamodb', operation, needs: dynamodb(operation, parseJson(request.body), arn) };
  }
  if (target?.startsWith('AWSCognitoIdentityProviderService.')) {
    const operation = target.split('.')[1] ?? '';
    const poolId = arn.rename(String(parseJson(request.body).UserPoolId ?? ''));
    return {
      service: 'cognito-idp',
      operation,
      needs: [
        { action: `cognito-idp:${operation}`, resource: `arn:aws:cognito-idp:${arn.region}:${arn.account}:userpool/${poolId}` },
      ],
    };
  }
  const path = new URL(request.url, 'http://local').pathname;
  if (path.startsWith('/v2/email/outbound-emails')) {
    const body = parseJson(request.body) as { FromEmailAddress?: string };
    const from = bareAddress(body.FromEmailAddress ?? '');
    const domain = from.split('@')[1] ?? '';
    return {
      service: 'sesv2',
      operation: 'SendEmail',
      needs: [
        {
          action: 'ses:SendEmail',
          resource: `arn:aws:ses:${arn.region}:${arn.account}:identity/${domain}`,
          context: { 'ses:FromAddress': from },
        },
      ],
    };
  }
  const form = new URLSearchParams(request.body.toString('utf8'));
  if (form.get('Action') === 'Publish') {
    // A text to a phone number has no resource ARN: IAM evaluates it against "*".
    const topic = form.get('TopicArn') ?? form.get('TargetArn');
    return { service: 'sns', operation: 'Publish', needs: [{ action: 'sns:Publish', resource: topic ?? '*' }] };
  }
  return s3(request, arn);
}
