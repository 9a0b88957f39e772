/**
 * FeatureFunction: the one way this app declares a Lambda function.
 *
 * House defaults (Node 22 on arm64, code-split minified ESM bundle built by the local esbuild (lambda-bundle.ts), JSON logs into
 * an explicit log group with retention, optional X-Ray) and a role that starts EMPTY except for writing its own log
 * group: no AWSLambdaBasicExecutionRole, no broad grants. Every other permission is added through one of the explicit
 * grant helpers below, so reading a stack tells exactly what each function may do.
 */
import { AssetHashType, DockerImage, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { buildSync } from 'esbuild';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '@functions/lib/data/table';
import { RATE_COUNTER_PREFIX } from '@functions/lib/rate-limit';
import { lambdaBuildOptions } from './lambda-bundle';
import { REPO_ROOT } from './paths';
import { acknowledge, acknowledgeWildcardResource } from './nag';
import { bucketArnFromName } from '../stacks/names';

export interface FeatureFunctionProps {
  /** Entry file relative to the repository root, e.g. `functions/auth/handler.ts` (it exports `handler`). */
  entry: string;
  /** Physical function name (see names.ts `functionName`). */
  functionName: string;
  /** Service name in logs and traces: the feature, trigger or job name. */
  serviceName: string;
  description: string;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  /** Removal policy of the log group. */
  removalPolicy: RemovalPolicy;
  tracing?: boolean;
  memorySize?: number;
  timeout?: Duration;
  /** The AWS Parameters and Secrets extension, for functions that read secrets at run time (functions/lib/secrets.ts). */
  paramsAndSecrets?: lambda.ParamsAndSecretsLayerVersion;
}

export type TableAccess = 'read' | 'readWrite';
/**
 * Table actions only some functions use, granted to those alone: BatchWriteItem (the deals store's delete of a
 * deal's trail, the programs import's rows) and ConditionCheckItem (a transaction item that only checks, the referrals store's).
 */
export type TableExtraAction = 'dynamodb:BatchWriteItem' | 'dynamodb:ConditionCheckItem';

const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * The code asset: the entry bundled by the local esbuild with the options every Lambda shares (lambda-bundle.ts:
 * code-split ESM with the AWS SDK inside). NodejsFunction cannot split code (it writes one --outfile), hence a
 * plain Function with local bundling; its asset is hashed on the output, as NodejsFunction's is.
 */
function bundledCode(entry: string): lambda.Code {
  return lambda.Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-esbuild-only'),
      // CDK caches a bundle per source path + serializable bundling options; the `tryBundle` closure is not part of
      // that key, so the entry must be, or every function would ship the first function's bundle.
      environment: { LEASEDESK_ENTRY: entry },
      local: {
        tryBundle(outputDir) {
          buildSync(lambdaBuildOptions(entry, outputDir));
          return true;
        },
      },
    },
  });
}

export class FeatureFunction extends lambda.Function {
  declare readonly role: iam.Role;
  /** The source entry this function's asset is bundled from. */
  readonly entry: string;
  /** The feature, trigger or job it serves (its logs' service name; names its alarms). */
  readonly serviceName: string;
  private userPoolPolicies = 0;

  constructor(scope: Construct, id: string, props: FeatureFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.functionName}`,
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'WriteOwnLogs',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );

    super(scope, id, {
      code: bundledCode(props.entry),
      handler: 'index.handler',
      functionName: props.functionName,
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      tracing: props.tracing ? lambda.Tracing.ACTIVE : lambda.Tracing.DISABLED,
      paramsAndSecrets: props.paramsAndSecrets,
      environment: {
        ...props.environment,
        SERVICE_NAME: props.serviceName,
      },
    });
    this.entry = props.entry;
    this.serviceName = props.serviceName;

    if (props.tracing) {
      acknowledge(
        role,
        'AwsSolutions-IAM5[Resource::*]',
        'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions; CDK adds exactly these two actions on "*" for active tracing.',
      );
    }
    acknowledge(
      this,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime chosen for every function (architecture.md) and matched by the local tooling; moving to a newer runtime is a deliberate, tested upgrade, not a side effect of a CDK bump.',
    );
  }

  /** Read items of the table and Query its global secondary indexes (each index named, no wildcard). */
  grantTable(table: ITable, access: TableAccess, extra: readonly TableExtraAction[] = []): void {
    const itemActions = [...TABLE_READ_ACTIONS, ...(access === 'readWrite' ? TABLE_WRITE_ACTIONS : []), ...extra];
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: `Table${access === 'readWrite' ? 'ReadWrite' : 'Read'}`,
        actions: itemActions,
        resources: [table.tableArn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'TableQueryIndexes',
        actions: ['dynamodb:Query'],
        resources: TABLE_KEYS.indexes.map((index) => `${table.tableArn}/index/${index.name}`),
      }),
    );
  }

  /**
   * UpdateItem on the per-source request counters of public routes (functions/lib/rate-limit.ts) and on no other item:
   * the partition key of every item it touches must start with the counters' prefix. For a function whose only use
   * of the table is counting its callers.
   */
  grantRateCounters(table: ITable): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'RateCountersOnly',
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        // ForAllValues holds vacuously for a request without leading keys, but UpdateItem always has one.
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_COUNTER_PREFIX}*`] } },
      }),
    );
  }

  /** GetObject on the bucket's objects (under `keyPrefix` when given): signed download URLs, server-side reads. */
  grantObjectRead(bucket: IBucket, keyPrefix = ''): void {
    this.grantObjects(bucket, ['s3:GetObject'], keyPrefix, 'read');
  }

  /** PutObject on the bucket's objects: presigned browser uploads are signed with this role's credentials. */
  grantObjectPut(bucket: IBucket, keyPrefix = ''): void {
    this.grantObjects(bucket, ['s3:PutObject'], keyPrefix, 'put');
  }

  /** DeleteObject on the bucket's objects. */
  grantObjectDelete(bucket: IBucket, keyPrefix = ''): void {
    this.grantObjects(bucket, ['s3:DeleteObject'], keyPrefix, 'delete');
  }

  /**
   * GetObject and PutObject on exactly the named objects of a bucket known by name: one statement per action, each
   * listing whole keys, so no wildcard needs acknowledging.
   */
  grantExactObjects(bucketName: string, keys: { read?: readonly string[]; put?: readonly string[] }): void {
    const arns = (list: readonly string[]) => list.map((key) => `${bucketArnFromName(this, bucketName)}/${key}`);
    if (keys.read?.length)
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: arns(keys.read) }));
    if (keys.put?.length)
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: arns(keys.put) }));
  }

  /** SES v2 SendEmail through one verified identity, only as the given sender. */
  grantSendEmail(identityArn: string, fromAddress: string): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendEmailAsMailFrom',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [identityArn],
        conditions: { StringEquals: { 'ses:FromAddress': fromAddress } },
      }),
    );
  }

  /**
   * SMS through SNS: Publish to a phone number has no resource ARN, so the grant is every target that is not a
   * topic (NotResource on all topic ARNs): the function can text a number but not publish to any topic.
   */
  grantSendSms(): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'PublishSmsOnly', actions: ['sns:Publish'], notResources: ['arn:aws:sns:*:*:*'] }),
    );
  }

  /**
   * Cognito admin actions on one user pool, as a standalone inline policy attached to the role rather than a
   * statement in the role's default policy. The function resource depends on its default policy; when the pool
   * also references the function (a trigger), a default-policy statement on the pool ARN is a dependency cycle.
   */
  grantUserPoolActions(userPool: IUserPool, actions: readonly `cognito-idp:${string}`[]): iam.Policy {
    const id = `${this.node.id}UserPoolAccess${this.userPoolPolicies++}`;
    return new iam.Policy(this.node.scope as Construct, id, {
      roles: [this.role],
      statements: [new iam.PolicyStatement({ actions: [...actions], resources: [userPool.userPoolArn] })],
    });
  }

  private grantObjects(bucket: IBucket, actions: string[], keyPrefix: string, verb: string): void {
    const objects = bucket.arnForObjects(`${keyPrefix}*`);
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [objects] }));
    acknowledgeWildcardResource(
      this.role,
      objects,
      `Object-level ${verb} access needs the objects ARN "<bucket>/${keyPrefix}*"; it is limited to this one bucket${keyPrefix ? ' and key prefix' : ''} and to the single action ${actions.join(', ')}.`,
    );
  }
}
