/**
 * Shared wiring of the app's functions: their environment (the same variable names the local stack sets) and the
 * translation of a FunctionPermissions row into grants.
 */
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Feature } from '@shared/api/routes';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions } from 'aws-cdk-lib/aws-lambda';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { FeatureFunction } from '../constructs/feature-function';
import type { StageConfig } from './config';
import { bucketName, secretName, type SecretKey } from './names';
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

/**
 * What one feature's function needs beyond the common environment: the embedded e-signature form per type (stage
 * context, docs/operations.md; a type left unset fails only when used) and the payment provider.
 */
export function featureEnvironment(feature: Feature, config: StageConfig): Record<string, string> {
  switch (feature) {
    case 'credit-applications': {
      const urls: Record<string, string | undefined> = {
        CREDIT_APP_FORM_URL_MBFS: config.creditAppFormUrls.mbfs,
        CREDIT_APP_FORM_URL_BMWFS: config.creditAppFormUrls.bmwfs,
        CREDIT_APP_FORM_URL_GENERIC: config.creditAppFormUrls.generic,
      };
      return Object.fromEntries(Object.entries(urls).filter((entry): entry is [string, string] => !!entry[1]));
    }
    case 'payments':
      return { PAYMENT_PROVIDER: 'stripe' };
    default:
      return {};
  }
}

/** The variable naming each secret's id (functions/lib/config.ts reads `<NAME>_ID` in AWS, the value locally). */
const SECRET_ENVIRONMENT: Record<SecretKey, string> = {
  eSignatureWebhook: 'E_SIGNATURE_WEBHOOK_SECRET_ID',
  stripeSecretKey: 'STRIPE_SECRET_KEY_ID',
  stripeWebhook: 'STRIPE_WEBHOOK_SECRET_ID',
};

/** The Parameters and Secrets extension for functions that read secrets (cached in the sandbox for 5 minutes). */
export function secretsExtension(permissions: FunctionPermissions): ParamsAndSecretsLayerVersion | undefined {
  return permissions.secrets?.length ? ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103) : undefined;
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
  /** Names the stage's secrets; needed by functions with `secrets`. */
  config?: StageConfig;
  table: ITable;
  buckets: UploadBuckets;
  userPool?: IUserPool;
  email?: { identityArn: string; mailFrom: string };
  /** The site bucket's name; needed by functions with `siteObjects`. */
  siteBucketName?: string;
}

export function applyPermissions(fn: FeatureFunction, permissions: FunctionPermissions, targets: GrantTargets): void {
  if (permissions.table) fn.grantTable(targets.table, permissions.table, permissions.tableExtras);
  else if (permissions.rateCounters) fn.grantRateCounters(targets.table);

  for (const [key, grants] of Object.entries(permissions.objects ?? {}) as [UploadBucket, readonly ObjectGrant[]][]) {
    const bucket = targets.buckets.byKey[key];
    for (const grant of grants) {
      const { access, prefix } = typeof grant === 'string' ? { access: grant, prefix: '' } : grant;
      if (access === 'read') fn.grantObjectRead(bucket, prefix);
      else if (access === 'put') fn.grantObjectPut(bucket, prefix);
      else fn.grantObjectDelete(bucket, prefix);
    }
  }

  if (permissions.siteObjects) {
    if (!targets.siteBucketName) throw new Error(`${fn.node.path} writes to the site bucket but no site bucket was given.`);
    fn.grantExactObjects(targets.siteBucketName, permissions.siteObjects);
    fn.addEnvironment('SITE_BUCKET', targets.siteBucketName);
  }

  if (permissions.userPool?.length) {
    if (!targets.userPool) throw new Error(`${fn.node.path} needs the user pool but none was given.`);
    fn.grantUserPoolActions(targets.userPool, permissions.userPool);
  }

  if (permissions.sendsSms) fn.grantSendSms();
  for (const key of permissions.secrets ?? []) {
    if (!targets.config) throw new Error(`${fn.node.path} reads secrets but no stage config was given.`);
    const name = secretName(targets.config.stage, key);
    Secret.fromSecretNameV2(fn, `${key}Secret`, name).grantRead(fn);
    fn.addEnvironment(SECRET_ENVIRONMENT[key], name);
  }

  if (permissions.sendsEmail) {
    if (!targets.email) throw new Error(`${fn.node.path} sends e-mail but no SES identity was given.`);
    fn.grantSendEmail(targets.email.identityArn, targets.email.mailFrom);
  }
}
