import { describe, expect, it } from 'vitest';
import { describeAwsCall, type ArnContext, type RawRequest } from './aws-calls';

const arn: ArnContext = {
  region: 'us-east-1',
  account: '000000000000',
  rename: (name) => ({ 'leasedesk-local': 'leasedesk-dev', 'local-photos': 'dev-photos', us_local: 'us_dev' })[name] ?? name,
};
const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/leasedesk-dev';
const request = (partial: Partial<RawRequest>): RawRequest => ({
  method: 'POST',
  url: '/',
  headers: {},
  body: Buffer.alloc(0),
  ...partial,
});
const dynamo = (operation: string, body: unknown) =>
  describeAwsCall(
    request({ headers: { 'x-amz-target': `DynamoDB_20120810.${operation}` }, body: Buffer.from(JSON.stringify(body)) }),
    arn,
  );

describe('describeAwsCall: what IAM evaluates for a request', () => {
  it('asks for the operation on the deployed table, or on the index a Query names', () => {
    expect(dynamo('GetItem', { TableName: 'leasedesk-local' })?.needs).toEqual([{ action: 'dynamodb:GetItem', resource: TABLE }]);
    expect(dynamo('Query', { TableName: 'leasedesk-local', IndexName: 'gsi2' })?.needs).toEqual([
      { action: 'dynamodb:Query', resource: `${TABLE}/index/gsi2` },
    ]);
  });

  it("gives a one-item request's partition key as dynamodb:LeadingKeys", () => {
    const key = { pk: { S: 'RATE#POST /lease/calculate#127.0.0.1' }, sk: { S: 'WINDOW#60' } };
    expect(dynamo('UpdateItem', { TableName: 'leasedesk-local', Key: key })?.needs).toEqual([
      {
        action: 'dynamodb:UpdateItem',
        resource: TABLE,
        context: { 'dynamodb:LeadingKeys': 'RATE#POST /lease/calculate#127.0.0.1' },
      },
    ]);
    expect(dynamo('PutItem', { TableName: 'leasedesk-local', Item: { pk: { S: 'DEAL#1' } } })?.needs[0]?.context).toEqual({
      'dynamodb:LeadingKeys': 'DEAL#1',
    });
    const transaction = dynamo('TransactWriteItems', {
      TransactItems: [{ Update: { TableName: 'leasedesk-local', Key: { pk: { S: 'CLIENT#1' } } } }],
    });
    expect(transaction?.needs[0]?.context).toEqual({ 'dynamodb:LeadingKeys': 'CLIENT#1' });
  });

  it('asks for each item action of a transaction', () => {
    const call = dynamo('TransactWriteItems', {
      TransactItems: [{ Put: { TableName: 'leasedesk-local' } }, { ConditionCheck: { TableName: 'leasedesk-local' } }],
    });
    expect(call?.needs.map((need) => need.action)).toEqual(['dynamodb:PutItem', 'dynamodb:ConditionCheckItem']);
  });

  it('reads S3 requests path-style: get, head, delete, copy and a presigned browser POST', () => {
    const object = 'arn:aws:s3:::dev-photos/brokers/b1/photo.png';
    expect(describeAwsCall(request({ method: 'HEAD', url: '/local-photos/brokers/b1/photo.png' }), arn)?.needs).toEqual([
      { action: 's3:GetObject', resource: object },
    ]);
    expect(describeAwsCall(request({ method: 'DELETE', url: '/local-photos/brokers/b1/photo.png' }), arn)?.needs).toEqual([
      { action: 's3:DeleteObject', resource: object },
    ]);
    const copy = describeAwsCall(
      request({
        method: 'PUT',
        url: '/local-photos/final.png',
        headers: { 'x-amz-copy-source': '/local-photos/pending/a%20b.png' },
      }),
      arn,
    );
    expect(copy?.needs).toEqual([
      { action: 's3:GetObject', resource: 'arn:aws:s3:::dev-photos/pending/a b.png' },
      { action: 's3:PutObject', resource: 'arn:aws:s3:::dev-photos/final.png' },
    ]);
    const form = '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\npending/u1.png\r\n--x--\r\n';
    expect(describeAwsCall(request({ url: '/local-photos', body: Buffer.from(form) }), arn)?.needs).toEqual([
      { action: 's3:PutObject', resource: 'arn:aws:s3:::dev-photos/pending/u1.png' },
    ]);
  });

  it('asks SES for the sender domain identity with the bare From address as condition key', () => {
    const body = Buffer.from(JSON.stringify({ FromEmailAddress: 'LeaseDesk <no-reply@leasedesk.com>' }));
    expect(describeAwsCall(request({ url: '/v2/email/outbound-emails', body }), arn)?.needs).toEqual([
      {
        action: 'ses:SendEmail',
        resource: 'arn:aws:ses:us-east-1:000000000000:identity/leasedesk.com',
        context: { 'ses:FromAddress': 'no-reply@leasedesk.com' },
      },
    ]);
  });

  it('asks Cognito for the deployed user pool, and SNS for "*" when texting a number', () => {
    const cognito = describeAwsCall(
      request({
        headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser' },
        body: Buffer.from(JSON.stringify({ UserPoolId: 'us_local' })),
      }),
      arn,
    );
    expect(cognito?.needs).toEqual([
      { action: 'cognito-idp:AdminGetUser', resource: 'arn:aws:cognito-idp:us-east-1:000000000000:userpool/us_dev' },
    ]);
    const sms = describeAwsCall(
      request({ url: '/_local/sms/sns', body: Buffer.from('Action=Publish&PhoneNumber=%2B14155550199') }),
      arn,
    );
    expect(sms?.needs).toEqual([{ action: 'sns:Publish', resource: '*' }]);
  });

  it('ignores a browser CORS preflight (no API call)', () => {
    expect(describeAwsCall(request({ method: 'OPTIONS', url: '/local-photos' }), arn)).toBeUndefined();
  });
});
