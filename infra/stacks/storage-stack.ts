/**
 * The upload buckets (deal images, broker photos, broker licences) and the bucket that receives every bucket's
 * server access logs. Other stacks reach these buckets by their deterministic names (names.ts).
 */
import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { PENDING_DEAL_IMAGE_PREFIX, PENDING_LICENCE_PREFIX } from '@shared/uploads/keys';
import { acknowledge } from '../constructs/nag';
import { PrivateBucket } from '../constructs/private-bucket';
import type { StageConfig } from './config';
import { UPLOAD_CORS } from './cors';
import { bucketName } from './names';
import type { UploadBucket } from './permissions';

export interface StorageStackProps extends StackProps {
  config: StageConfig;
}

export class StorageStack extends Stack {
  readonly accessLogsBucket: s3.Bucket;
  readonly buckets: Record<UploadBucket, s3.Bucket>;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      bucketName: bucketName(config.stage, 'accessLogs'),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(config.isProduction ? 365 : 90) }],
      removalPolicy: config.removalPolicy,
    });
    // Buckets of other stacks (the web stack's site bucket) log here too; they refer to this bucket by name, so
    // S3 log delivery is allowed for any source bucket of this account rather than per source bucket ARN.
    this.accessLogsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'S3ServerAccessLogsFromThisAccount',
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.accessLogsBucket.arnForObjects('*')],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    acknowledge(
      this.accessLogsBucket,
      'AwsSolutions-S1',
      'This is the server access log bucket itself; logging its own writes would log every log delivery, endlessly.',
    );

    const cors: s3.CorsRule[] = [
      {
        allowedOrigins: [config.appOrigin],
        allowedMethods: UPLOAD_CORS.allowedMethods.map((method) => s3.HttpMethods[method]),
        allowedHeaders: [...UPLOAD_CORS.allowedHeaders],
        exposedHeaders: [...UPLOAD_CORS.exposedHeaders],
        maxAge: UPLOAD_CORS.maxAgeSeconds,
      },
    ];
    const uploadBucket = (id: string, key: UploadBucket) =>
      new PrivateBucket(this, id, {
        bucketName: bucketName(config.stage, key),
        removalPolicy: config.removalPolicy,
        accessLogs: { bucket: this.accessLogsBucket, prefix: `${key}/` },
        cors,
        noncurrentVersionExpiration: Duration.days(config.isProduction ? 90 : 30),
      });

    this.buckets = {
      dealImages: uploadBucket('DealImages', 'dealImages'),
      brokerPhotos: uploadBucket('BrokerPhotos', 'brokerPhotos'),
      brokerLicences: uploadBucket('BrokerLicences', 'brokerLicences'),
    };

    // A licence chosen at sign-up waits under pending/ until the e-mail is confirmed (PostConfirmation moves it).
    // Whatever is still there a day later belongs to a sign-up nobody confirmed: it expires, every version of it.
    this.buckets.brokerLicences.addLifecycleRule({
      id: 'ExpireUnconfirmedSignUpLicences',
      prefix: PENDING_LICENCE_PREFIX,
      expiration: Duration.days(1),
      noncurrentVersionExpiration: Duration.days(1),
    });
    this.buckets.brokerLicences.addLifecycleRule({
      id: 'RemoveExpiredSignUpLicenceMarkers',
      prefix: PENDING_LICENCE_PREFIX,
      expiredObjectDeleteMarker: true,
    });

    // A vehicle image is uploaded under pending/ and claimed (copied to its final name) when a vehicle is saved
    // with it. One chosen and never saved (the form abandoned, the image replaced) expires there after a day.
    this.buckets.dealImages.addLifecycleRule({
      id: 'ExpireUnclaimedDealImages',
      prefix: PENDING_DEAL_IMAGE_PREFIX,
      expiration: Duration.days(1),
      noncurrentVersionExpiration: Duration.days(1),
    });
    this.buckets.dealImages.addLifecycleRule({
      id: 'RemoveExpiredDealImageMarkers',
      prefix: PENDING_DEAL_IMAGE_PREFIX,
      expiredObjectDeleteMarker: true,
    });

    // Deal images are public product content served through CloudFront (web stack) with origin access control.
    // The distribution lives in a later stack, so the grant names CloudFront distributions of this account.
    this.buckets.dealImages.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsDealImages',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.buckets.dealImages.arnForObjects('*')],
        conditions: {
          StringLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    for (const [key, bucket] of Object.entries(this.buckets)) {
      new CfnOutput(this, `${key[0].toUpperCase()}${key.slice(1)}BucketName`, { value: bucket.bucketName });
    }
  }
}
