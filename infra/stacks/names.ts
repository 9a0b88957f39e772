/**
 * Physical names of the stage's resources, derived in one place.
 *
 * Buckets are named deterministically (stage + account + region) and other stacks refer to them BY NAME rather
 * than through cross-stack references. That keeps the CloudFront origin of the deal images, the access-log target of
 * the site bucket and the functions' object-level grants free of CloudFormation export lock-ins and of dependency
 * cycles (storage <-> web), and gives IAM resources a stable, readable ARN.
 */
import { Aws, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { StageName } from './config';

export const PRODUCT = 'leasedesk';

export type BucketKey = 'dealImages' | 'brokerPhotos' | 'brokerLicences' | 'accessLogs';

const BUCKET_SUFFIX: Record<BucketKey, string> = {
  dealImages: 'deal-images',
  brokerPhotos: 'broker-photos',
  brokerLicences: 'broker-licences',
  accessLogs: 'access-logs',
};

export function stackName(stage: StageName, part: string): string {
  return `${PRODUCT}-${stage}-${part}`;
}

export function tableName(stage: StageName): string {
  return `${PRODUCT}-${stage}`;
}

/**
 * The web app's site bucket (the web stack's): named here because the rank-trending job, in the schedules stack,
 * writes the trending embed's page into it (docs/decisions.md, "Public pages").
 */
export function siteBucketName(stage: StageName): string {
  return `${PRODUCT}-${stage}-web-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** e.g. leasedesk-prod-broker-licences-123456789012-eu-west-1 (resolved at deploy time; 63 characters at most). */
export function bucketName(stage: StageName, bucket: BucketKey): string {
  return `${PRODUCT}-${stage}-${BUCKET_SUFFIX[bucket]}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

export function functionName(stage: StageName, service: string): string {
  return `${PRODUCT}-${stage}-${service}`;
}

/**
 * The regional virtual-hosted origin of a bucket (https://<bucket>.s3.<region>.amazonaws.com): where the SDK's
 * presigned POSTs and signed GETs point in AWS (test/infra/csp-origins.test.ts checks it against the SDK).
 */
export function bucketRegionalOrigin(bucket: string, region: string): string {
  return `https://${bucket}.s3.${region}.amazonaws.com`;
}

/** The ARN of a bucket known only by name, valid in any stack of the app. */
export function bucketArnFromName(scope: IConstruct, name: string): string {
  return Stack.of(scope).formatArn({ service: 's3', region: '', account: '', resource: name });
}

/** The Secrets Manager secrets the functions read at run time (created by an operator, docs/operations.md). */
export type SecretKey = 'eSignatureWebhook' | 'stripeSecretKey' | 'stripeWebhook';

const SECRET_SUFFIX: Record<SecretKey, string> = {
  eSignatureWebhook: 'e-signature-webhook-secret',
  stripeSecretKey: 'stripe-secret-key',
  stripeWebhook: 'stripe-webhook-secret',
};

/** e.g. leasedesk/prod/stripe-secret-key. */
export function secretName(stage: StageName, secret: SecretKey): string {
  return `${PRODUCT}/${stage}/${SECRET_SUFFIX[secret]}`;
}
