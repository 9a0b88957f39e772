/**
 * Scheduled jobs from the job registry (functions/jobs.ts): one FeatureFunction per job, run by an EventBridge
 * Scheduler schedule whose role may invoke that function and nothing else. Each schedule sits in a schedule group
 * of its own because EventBridge Scheduler publishes its metrics (target errors, dropped invocations) per group
 * only: one group per job lets the monitoring stack say which job could not be started.
 */
import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { JOBS } from '@functions/jobs';
import { FeatureFunction } from '../constructs/feature-function';
import type { StageConfig } from './config';
import { EmailStack } from './email-stack';
import { applyPermissions, functionEnvironment, UploadBuckets } from './function-wiring';
import { functionName, siteBucketName } from './names';
import { JOB_PERMISSIONS } from './permissions';

export interface SchedulesStackProps extends StackProps {
  config: StageConfig;
  table: ITable;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

/** The part of a job registry entry that infra needs. */
export interface ScheduledJob {
  name: string;
  entry: string;
  schedule: string;
  alert?: { message: string; metric: string; description: string };
}

/** The namespace of the stage's own metrics (counted from log lines). */
export const metricNamespace = (stage: string) => `LeaseDesk/${stage}`;

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

export interface JobWiring {
  fn: FeatureFunction;
  /** The metric the job's alert lines are counted in (ScheduledJob `alert`). */
  alert?: { metric: cloudwatch.Metric; description: string };
  schedule: scheduler.CfnSchedule;
  group: scheduler.ScheduleGroup;
  role: iam.Role;
}

export class SchedulesStack extends Stack {
  readonly jobs = new Map<string, JobWiring>();

  constructor(scope: Construct, id: string, props: SchedulesStackProps) {
    super(scope, id, props);
    const { config, table, userPool, userPoolClient } = props;
    const environment = functionEnvironment({
      config,
      tableName: table.tableName,
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPoolClient.userPoolClientId,
    });
    const buckets = new UploadBuckets(this, 'Buckets', config);
    const email = { identityArn: EmailStack.identityArn(this, config), mailFrom: config.mailFrom };

    for (const job of JOBS as readonly ScheduledJob[]) {
      const permissions = JOB_PERMISSIONS[job.name];
      if (!permissions) throw new Error(`Job "${job.name}" has no row in JOB_PERMISSIONS (infra/stacks/permissions.ts).`);
      const name = pascal(job.name);

      const fn = new FeatureFunction(this, `${name}Function`, {
        entry: job.entry,
        functionName: functionName(config.stage, job.name),
        serviceName: job.name,
        description: `LeaseDesk scheduled job ${job.name} (${job.schedule})`,
        environment,
        logRetention: config.logRetention,
        removalPolicy: config.removalPolicy,
        tracing: config.tracing,
        timeout: Duration.minutes(5),
      });
      applyPermissions(fn, permissions, { table, buckets, userPool, email, siteBucketName: siteBucketName(config.stage) });

      const role = new iam.Role(this, `${name}SchedulerRole`, {
        description: `Assumed by EventBridge Scheduler to run ${job.name}`,
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
        }),
      });
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ sid: 'InvokeJobFunction', actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }),
      );

      // Holds nothing but the job's schedule, which is code: deleted with the stack in every stage.
      const group = new scheduler.ScheduleGroup(this, `${name}ScheduleGroup`, {
        scheduleGroupName: `leasedesk-${config.stage}-${job.name}`,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const schedule = new scheduler.CfnSchedule(this, `${name}Schedule`, {
        name: `leasedesk-${config.stage}-${job.name}`,
        groupName: group.scheduleGroupName,
        description: `Runs ${job.name} (functions/jobs.ts)`,
        scheduleExpression: job.schedule,
        scheduleExpressionTimezone: 'UTC',
        flexibleTimeWindow: { mode: 'OFF' },
        state: 'ENABLED',
        target: {
          arn: fn.functionArn,
          roleArn: role.roleArn,
          input: JSON.stringify({ job: job.name }),
          retryPolicy: { maximumRetryAttempts: 3, maximumEventAgeInSeconds: 3600 },
        },
      });
      // The group's name is a literal (its physical name), so CloudFormation must be told the order.
      schedule.addDependency(group.node.defaultChild as scheduler.CfnScheduleGroup);
      let alert: JobWiring['alert'];
      if (job.alert) {
        // Next to the function (its log group is in this stack); the monitoring stack alarms on the metric by name.
        new logs.MetricFilter(this, `${name}AlertFilter`, {
          logGroup: fn.logGroup,
          filterPattern: logs.FilterPattern.stringValue('$.message', '=', job.alert.message),
          metricNamespace: metricNamespace(config.stage),
          metricName: job.alert.metric,
          metricValue: '1',
        });
        alert = {
          metric: new cloudwatch.Metric({
            namespace: metricNamespace(config.stage),
            metricName: job.alert.metric,
            statistic: 'Sum',
            period: Duration.minutes(5),
          }),
          description: job.alert.description,
        };
      }
      this.jobs.set(job.name, { fn, schedule, group, role, alert });
    }
  }
}
