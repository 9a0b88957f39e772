/**
 * Shared wiring of the app's functions: their environment (the same variable names the local stack sets) and the
 * translation of a FunctionPermissions row into grants.
 */
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { FeatureFunction } from '../constructs/feature-function';
import type { StageConfig } from './config';
import { bucketName } from './names';
import type { FunctionPermissions, ObjectGrant, UploadBucket } from './permissions';

export interface FunctionEnvironmentInput {
  config: StageConfig;
  tableName: string;
  /** Absent for the Cognito triggers: the pool references them, and their events carry `userPoolId`. */
  userPoolId?: string;
  userPoolClientId?: string;
}

export function functionEnvironment(input: FunctionEnvironmentInput): Record<string, string> {
  const { config } = input;
  return {
    TABLE_NAME: input.tableName,
    DEAL_IMAGES_BUCKET: bucketName(config.stage, 'dealImages'),
    // The web stack's distribution serves the bucket under /deal-images/ (DEAL_IMAGES_PATH) on the app's origin.
    DEAL_IMAGES_URL: `${config.appOrigin}/deal-images`,
    BROKER_PHOTOS_BUCKET: bucketName(config.stage, 'brokerPhotos'),
    BROKER_LICENCES_BUCKET: bucketName(config.stage, 'brokerLicences'),
    ...(input.userPoolId ? { USER_POOL_ID: input.userPoolId } : {}),
    ...(input.userPoolClientId ? { USER_POOL_CLIENT_ID: input.userPoolClientId } : {}),
    COMPANY_EMAIL_DOMAIN: config.companyEmailDomain,
    MAIL_FROM: config.mailFrom,
    APP_URL: config.appOrigin,
  };
}

/** The upload buckets of the stage, referenced by name (see names.ts). */
export class UploadBuckets extends Construct {
  readonly byKey: Record<UploadBucket, IBucket>;

  constructor(scope: Construct, id: string, config: StageConfig) {
    super(scope, id);
    const named = (key: UploadBucket) => Bucket.fromBucketName(this, key, bucketName(config.stage, key));
    this.byKey = {
      dealImages: named('dealImages'),
      brokerPhotos: named('brokerPhotos'),
      brokerLicences: named('brokerLicences'),
    };
  }
}

export interface GrantTargets {
  table: ITable;
  buckets: UploadBuckets;
  userPool?: IUserPool;
  email?: { identityArn: string; mailFrom: string };
}

export function applyPermissions(fn: FeatureFunction, permissions: FunctionPermissions, targets: GrantTargets): void {
  if (permissions.table) fn.grantTable(targets.table, permissions.table);

  for (const [key, grants] of Object.entries(permissions.objects ?? {}) as [UploadBucket, readonly ObjectGrant[]][]) {
    const bucket = targets.buckets.byKey[key];
    for (const grant of grants) {
      const { access, prefix } = typeof grant === 'string' ? { access: grant, prefix: '' } : grant;
      if (access === 'read') fn.grantObjectRead(bucket, prefix);
      else if (access === 'put') fn.grantObjectPut(bucket, prefix);
      else fn.grantObjectDelete(bucket, prefix);
    }
  }

  if (permissions.userPool?.length) {
    if (!targets.userPool) throw new Error(`${fn.node.path} needs the user pool but none was given.`);
    fn.grantUserPoolActions(targets.userPool, permissions.userPool);
  }

  if (permissions.sendsSms) fn.grantSendSms();

  if (permissions.sendsEmail) {
    if (!targets.email) throw new Error(`${fn.node.path} sends e-mail but no SES identity was given.`);
    fn.grantSendEmail(targets.email.identityArn, targets.email.mailFrom);
  }
}
