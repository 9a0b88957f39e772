/**
 * A private S3 bucket with the house defaults: all public access blocked, object ownership enforced (no ACLs),
 * S3-managed encryption, TLS 1.2+ only, server access logs to the stage's log bucket, versioning with old versions
 * expiring.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface PrivateBucketProps {
  bucketName: string;
  removalPolicy: RemovalPolicy;
  accessLogs: { bucket: s3.IBucket; prefix: string };
  cors?: s3.CorsRule[];
  /** Keep previous versions of overwritten or deleted objects for this long (default 30 days). */
  noncurrentVersionExpiration?: Duration;
}

export class PrivateBucket extends s3.Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    super(scope, id, {
      bucketName: props.bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      lifecycleRules: [
        {
          id: 'ExpireOldVersions',
          noncurrentVersionExpiration: props.noncurrentVersionExpiration ?? Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      serverAccessLogsBucket: props.accessLogs.bucket,
      serverAccessLogsPrefix: props.accessLogs.prefix,
      cors: props.cors,
      removalPolicy: props.removalPolicy,
    });
  }
}
