/**
 * What tells an operator that a stage is failing its users: one alert topic per stage (every alarm notifies it, and
 * an e-mail address subscribes to it with `-c alertEmail=...`), the alarms (the API's 5xx rate and latency; errors
 * and throttles of every function: API features, Cognito triggers, scheduled jobs; a job the scheduler could not
 * start) and one dashboard with the same figures.
 *
 * A stack of its own, deployed last: it only reads the other stacks' API and functions (weak cross-stack
 * references, Fn::GetStackOutput), and nothing refers back to it, so it adds no cycle and no export lock-in.
 *
 * The topic is encrypted with a key of its own: CloudWatch alarms cannot publish to a topic encrypted with the
 * AWS-managed SNS key (its policy cannot grant them), so the key's policy lets CloudWatch use it, and the topic's
 * policy lets only this account's alarms publish.
 */
import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { FeatureFunction } from '../constructs/feature-function';
import type { StageConfig } from './config';
import { PRODUCT } from './names';

export interface MonitoredJob {
  name: string;
  fn: FeatureFunction;
  /** The job's own schedule group: EventBridge Scheduler reports target errors and drops per group. */
  group: IScheduleGroup;
  /** A metric of the job's log lines that must reach a person (functions/jobs.ts `alert`): one alarms. */
  alert?: { metric: cloudwatch.IMetric; description: string };
}

export interface MonitoringStackProps extends StackProps {
  config: StageConfig;
  httpApi: IHttpApi;
  /** One function per feature of the route table. */
  apiFunctions: readonly FeatureFunction[];
  /** The Cognito user pool's triggers. */
  triggers: readonly FeatureFunction[];
  jobs: readonly MonitoredJob[];
}

/** Every alarm evaluates 5-minute periods. */
const PERIOD = Duration.minutes(5);

/**
 * When an alarm fires. A 5xx is a defect (nothing a client sends may cause one), so the rate is low, but it must
 * hold in 2 of 3 periods so that one failed request on an idle stage does not page anyone; the functions' own
 * error alarms see single crashes. Latency is the API's p99, end to end, held for 15 minutes (a cold start is well
 * under a second; functions time out at 10 s). A function error, a throttle (the account's concurrency is
 * exhausted: requests are being refused) or a job the scheduler could not start alarms at once.
 */
export const ALARM_THRESHOLDS = {
  apiServerErrorRatePercent: 5,
  apiLatencyP99Millis: 3000,
  functionErrors: 1,
  functionThrottles: 1,
  jobNotStarted: 1,
  jobAlertLines: 1,
} as const;

export class MonitoringStack extends Stack {
  readonly alertTopic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly stage: StageConfig['stage'];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, httpApi, apiFunctions, triggers, jobs } = props;
    this.stage = config.stage;

    this.alertTopic = this.createAlertTopic(config);

    // The API, end to end (API Gateway's own figures, whichever function answered).
    const requests = httpApi.metricCount({ period: PERIOD, statistic: 'Sum', label: 'requests' });
    const serverErrors = httpApi.metricServerError({ period: PERIOD, label: '5xx' });
    const clientErrors = httpApi.metricClientError({ period: PERIOD, label: '4xx' });
    const serverErrorRate = new cloudwatch.MathExpression({
      expression: '100 * FILL(serverErrors, 0) / requests',
      usingMetrics: { serverErrors, requests },
      label: '5xx rate (%)',
      period: PERIOD,
    });
    const latency = (statistic: 'p50' | 'p95' | 'p99') =>
      httpApi.metricLatency({ period: PERIOD, statistic, label: `latency ${statistic}` });

    const apiErrorRateAlarm = this.alarm('ApiServerErrorRate', {
      name: 'api-5xx-rate',
      description: `${ALARM_THRESHOLDS.apiServerErrorRatePercent}% or more of API requests answered 5xx in 2 of the last 3 five-minute periods. Look at the API access logs (status 5xx) and the feature functions' errors on the dashboard.`,
      metric: serverErrorRate,
      threshold: ALARM_THRESHOLDS.apiServerErrorRatePercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    const apiLatencyAlarm = this.alarm('ApiLatency', {
      name: 'api-latency-p99',
      description: `The API's p99 latency was ${ALARM_THRESHOLDS.apiLatencyP99Millis} ms or more for 15 minutes. Look at the feature functions' durations and throttles on the dashboard.`,
      metric: latency('p99'),
      threshold: ALARM_THRESHOLDS.apiLatencyP99Millis,
      evaluationPeriods: 3,
    });

    for (const fn of apiFunctions) this.functionAlarms(fn, `the ${fn.serviceName} API function`);
    for (const fn of triggers)
      this.functionAlarms(fn, `the Cognito trigger ${fn.serviceName} (sign-up and sign-in depend on it)`);
    const jobNotStartedAlarms = jobs.map((job) => {
      this.functionAlarms(job.fn, `the scheduled job ${job.name} (the job failed; Lambda retries it twice)`);
      if (job.alert) {
        this.alarm(`${pascal(job.name)}Alert`, {
          name: `${job.name}-alert`,
          description: job.alert.description,
          metric: job.alert.metric,
          threshold: ALARM_THRESHOLDS.jobAlertLines,
        });
      }
      // Expression ids are unique per job: the dashboard draws every job's expression in one graph.
      const [targetErrors, dropped] = [`targetErrors${pascal(job.name)}`, `dropped${pascal(job.name)}`];
      return this.alarm(`${pascal(job.name)}NotStarted`, {
        name: `${job.name}-not-started`,
        description: `EventBridge Scheduler could not invoke the scheduled job ${job.name} (target errors, or an invocation dropped after its retries). Check the schedule's role and the function.`,
        metric: new cloudwatch.MathExpression({
          expression: `FILL(${targetErrors}, 0) + FILL(${dropped}, 0)`,
          usingMetrics: {
            [targetErrors]: job.group.metricTargetErrors({ period: PERIOD }),
            [dropped]: job.group.metricDropped({ period: PERIOD }),
          },
          label: `${job.name} not started`,
          period: PERIOD,
        }),
        threshold: ALARM_THRESHOLDS.jobNotStarted,
      });
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${PRODUCT}-${config.stage}`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          new cloudwatch.TextWidget({
            markdown: `# LeaseDesk ${config.stage}\nAlarms notify the SNS topic \`${PRODUCT}-${config.stage}-alerts\` (docs/operations.md, Monitoring).`,
            width: 24,
            height: 2,
          }),
        ],
        [
          new cloudwatch.AlarmStatusWidget({
            title: 'Alarms',
            alarms: this.alarms,
            sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
            width: 24,
            height: 6,
          }),
        ],
        [
          graph('API requests', [requests, clientErrors, serverErrors]),
          graph('API 5xx rate (%)', [serverErrorRate], [apiErrorRateAlarm.toAnnotation()]),
          graph('API latency (ms)', [latency('p50'), latency('p95'), latency('p99')], [apiLatencyAlarm.toAnnotation()]),
        ],
        functionRow('API functions', apiFunctions),
        functionRow('Cognito triggers', triggers),
        functionRow(
          'Scheduled jobs',
          jobs.map((job) => job.fn),
        ),
        [
          graph(
            'Scheduled jobs not started (scheduler target errors + dropped)',
            jobNotStartedAlarms.map((alarm) => alarm.metric),
            [],
            24,
          ),
        ],
      ],
    });

    new CfnOutput(this, 'AlertTopicArn', { value: this.alertTopic.topicArn });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${PRODUCT}-${config.stage}`,
    });
  }

  private createAlertTopic(config: StageConfig): sns.Topic {
    const key = new kms.Key(this, 'AlertTopicKey', {
      description: `Encrypts the LeaseDesk ${config.stage} alert topic; CloudWatch alarms use it to publish`,
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    // The statement AWS documents for alarms on an encrypted topic; what they may publish to is limited by the
    // topic's policy below.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublishToAlertTopic',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );

    const topic = new sns.Topic(this, 'AlertTopic', {
      topicName: `${PRODUCT}-${config.stage}-alerts`,
      displayName: `LeaseDesk ${config.stage} alerts`,
      masterKey: key,
      enforceSSL: true,
    });
    topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AlarmsOfThisAccountPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` },
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        },
      }),
    );
    if (config.alertEmail) topic.addSubscription(new EmailSubscription(config.alertEmail));
    return topic;
  }

  /** The Errors and Throttles alarms of one function. */
  private functionAlarms(fn: FeatureFunction, what: string): void {
    const id = pascal(fn.serviceName);
    this.alarm(`${id}Errors`, {
      name: `${fn.serviceName}-errors`,
      description: `Errors of ${what}: an invocation threw or timed out. Its log group holds the error.`,
      metric: fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionErrors,
    });
    this.alarm(`${id}Throttles`, {
      name: `${fn.serviceName}-throttles`,
      description: `Throttles of ${what}: invocations were refused because the account's (or the function's) concurrency was used up.`,
      metric: fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
    });
  }

  /** An alarm named `leasedesk-<stage>-<name>` that notifies the alert topic when it fires and when it clears. */
  private alarm(
    id: string,
    options: {
      name: string;
      description: string;
      metric: cloudwatch.IMetric;
      threshold: number;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
    },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${PRODUCT}-${this.stage}-${options.name}`,
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      // No requests or invocations in a period is not a failure.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const notify = new SnsAction(this.alertTopic);
    alarm.addAlarmAction(notify);
    alarm.addOkAction(notify);
    this.alarms.push(alarm);
    return alarm;
  }
}

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

function graph(
  title: string,
  metrics: cloudwatch.IMetric[],
  annotations: cloudwatch.HorizontalAnnotation[] = [],
  width = 8,
): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({ title, left: metrics, leftAnnotations: annotations, width, height: 6 });
}

/** Invocations, errors, throttles and p99 duration of a group of functions, one line per function. */
function functionRow(title: string, functions: readonly FeatureFunction[]): cloudwatch.IWidget[] {
  const lines = (metric: (fn: FeatureFunction) => cloudwatch.IMetric) => functions.map(metric);
  const options = (fn: FeatureFunction) => ({ period: PERIOD, statistic: 'Sum', label: fn.serviceName });
  return [
    graph(
      `${title}: invocations`,
      lines((fn) => fn.metricInvocations(options(fn))),
      [],
      6,
    ),
    graph(
      `${title}: errors`,
      lines((fn) => fn.metricErrors(options(fn))),
      [],
      6,
    ),
    graph(
      `${title}: throttles`,
      lines((fn) => fn.metricThrottles(options(fn))),
      [],
      6,
    ),
    graph(
      `${title}: duration p99 (ms)`,
      lines((fn) => fn.metricDuration({ ...options(fn), statistic: 'p99' })),
      [],
      6,
    ),
  ];
}
