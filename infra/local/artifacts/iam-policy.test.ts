import { describe, expect, it } from 'vitest';
import type { PolicyStatement } from './assembly';
import { decide, grantsOf } from './iam-policy';

const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/leasedesk-dev';
const statements: PolicyStatement[] = [
  { Sid: 'TableRead', Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: TABLE },
  { Sid: 'Indexes', Effect: 'Allow', Action: 'dynamodb:Query', Resource: [`${TABLE}/index/gsi1`] },
  { Sid: 'Uploads', Effect: 'Allow', Action: 's3:PutObject', Resource: 'arn:aws:s3:::photos/pending/*' },
  { Sid: 'Sms', Effect: 'Allow', Action: 'sns:Publish', NotResource: 'arn:aws:sns:*:*:*' },
  {
    Sid: 'Mail',
    Effect: 'Allow',
    Action: ['ses:SendEmail'],
    Resource: 'arn:aws:ses:us-east-1:000000000000:identity/leasedesk.com',
    Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@leasedesk.com' } },
  },
];

describe('decide: the IAM decision for one request', () => {
  it('allows an action granted on the exact resource and names the statement', () => {
    expect(decide(statements, { action: 'dynamodb:GetItem', resource: TABLE })).toMatchObject({
      allowed: true,
      by: ['TableRead'],
    });
  });

  it('denies an action not granted, and a granted action on another resource', () => {
    expect(decide(statements, { action: 'dynamodb:PutItem', resource: TABLE }).allowed).toBe(false);
    expect(decide(statements, { action: 'dynamodb:Query', resource: `${TABLE}/index/gsi2` }).allowed).toBe(false);
  });

  it('matches resource wildcards by key prefix only', () => {
    expect(decide(statements, { action: 's3:PutObject', resource: 'arn:aws:s3:::photos/pending/a.png' }).allowed).toBe(true);
    expect(decide(statements, { action: 's3:PutObject', resource: 'arn:aws:s3:::photos/final/a.png' }).allowed).toBe(false);
  });

  it('treats actions case-insensitively, as IAM does', () => {
    expect(decide(statements, { action: 'DynamoDB:getitem', resource: TABLE }).allowed).toBe(true);
  });

  it('applies NotResource: a text to a phone number is allowed, a topic is not', () => {
    expect(decide(statements, { action: 'sns:Publish', resource: '*' }).allowed).toBe(true);
    expect(decide(statements, { action: 'sns:Publish', resource: 'arn:aws:sns:us-east-1:1:alerts' }).allowed).toBe(false);
  });

  it('holds conditions: the right sender passes, another sender or a missing key does not', () => {
    const need = { action: 'ses:SendEmail', resource: 'arn:aws:ses:us-east-1:000000000000:identity/leasedesk.com' };
    expect(decide(statements, { ...need, context: { 'ses:FromAddress': 'no-reply@leasedesk.com' } }).allowed).toBe(true);
    expect(decide(statements, { ...need, context: { 'ses:FromAddress': 'ceo@leasedesk.com' } }).allowed).toBe(false);
    expect(decide(statements, need).allowed).toBe(false);
  });

  it('holds ForAllValues conditions on the leading key: counters only, and vacuously for a request with no item', () => {
    const counters: PolicyStatement[] = [
      {
        Effect: 'Allow',
        Action: 'dynamodb:UpdateItem',
        Resource: TABLE,
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } },
      },
    ];
    const update = { action: 'dynamodb:UpdateItem', resource: TABLE };
    expect(decide(counters, { ...update, context: { 'dynamodb:LeadingKeys': 'RATE#POST /x#1.2.3.4' } }).allowed).toBe(true);
    expect(decide(counters, { ...update, context: { 'dynamodb:LeadingKeys': 'DEAL#01J' } }).allowed).toBe(false);
    expect(decide(counters, update).allowed).toBe(true);
  });

  it('lets an explicit Deny win over any Allow', () => {
    const withDeny: PolicyStatement[] = [...statements, { Effect: 'Deny', Action: 'dynamodb:*', Resource: '*' }];
    expect(decide(withDeny, { action: 'dynamodb:GetItem', resource: TABLE }).allowed).toBe(false);
  });

  it('does not apply a statement whose condition operator it cannot evaluate, and says so', () => {
    const odd: PolicyStatement[] = [
      {
        Effect: 'Allow',
        Action: 'dynamodb:GetItem',
        Resource: TABLE,
        Condition: { DateLessThan: { 'aws:CurrentTime': '2030' } },
      },
    ];
    const decision = decide(odd, { action: 'dynamodb:GetItem', resource: TABLE });
    expect(decision.allowed).toBe(false);
    expect(decision.notes[0]).toContain('DateLessThan');
  });
});

describe('grantsOf', () => {
  it('lists every granted action and resource pair of the Allow statements', () => {
    expect(grantsOf(statements.slice(0, 2))).toEqual([
      { sid: 'TableRead', action: 'dynamodb:GetItem', resource: TABLE },
      { sid: 'TableRead', action: 'dynamodb:Query', resource: TABLE },
      { sid: 'Indexes', action: 'dynamodb:Query', resource: `${TABLE}/index/gsi1` },
    ]);
  });
});
