/**
 * Monitoring of a stage: one alert topic, the alarms that notify it (API 5xx rate and latency, errors and throttles
 * of every function the app deploys, scheduled jobs that fail or cannot be started) and the dashboard.
 */
import { CfnElement, type Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS } from '@functions/jobs';
import { ALARM_THRESHOLDS } from '@infra/stacks/monitoring-stack';
import { NOTIFICATION_GIVEN_UP } from '@functions/lib/outbox';
import type { LeaseDeskStacks } from '@infra/stacks/leasedesk';
import { FEATURES } from '@shared/api/routes';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

/** Loosely typed template JSON, as the assertions library returns it. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every stack of the stage with its template. */
function templatesOf(stacks: LeaseDeskStacks): { stack: Stack; template: Template }[] {
  return Object.values(stacks)
    .filter((value): value is Stack => typeof value === 'object' && value !== null && 'templateOptions' in value)
    .map((stack) => ({ stack, template: templateOf(stack) }));
}

const { stacks } = buildApp({ context: { stage: 'dev' } });
const all = templatesOf(stacks);
const monitoring = templateOf(stacks.monitoring);
const alarms = Object.entries(monitoring.findResources('AWS::CloudWatch::Alarm')) as [string, Json][];

/** A value as its producing stack has it: a weak cross-stack reference (Fn::GetStackOutput) is followed. */
function produced(value: unknown): { stackName: string; value: unknown } | undefined {
  const output = (value as Json | undefined)?.['Fn::GetStackOutput'];
  if (!output) return undefined;
  const producer = all.find(({ stack }) => stack.stackName === output.StackName);
  return producer && { stackName: output.StackName, value: producer.template.toJSON().Outputs[output.OutputName].Value };
}

/** The metrics an alarm reads: its one metric, or the metrics of its math expression. */
function metricsOf(alarm: Json): { namespace: string; name: string; stat?: string; dimensions: Json[] }[] {
  const single = alarm.Properties.MetricName
    ? [
        {
          namespace: alarm.Properties.Namespace,
          name: alarm.Properties.MetricName,
          stat: alarm.Properties.Statistic ?? alarm.Properties.ExtendedStatistic,
          dimensions: alarm.Properties.Dimensions ?? [],
        },
      ]
    : [];
  const math = ((alarm.Properties.Metrics ?? []) as Json[])
    .filter((query) => query.MetricStat)
    .map((query) => ({
      namespace: query.MetricStat.Metric.Namespace,
      name: query.MetricStat.Metric.MetricName,
      stat: query.MetricStat.Stat,
      dimensions: query.MetricStat.Metric.Dimensions ?? [],
    }));
  return [...single, ...math];
}

const dimension = (metric: { dimensions: Json[] }, name: string) => metric.dimensions.find((d) => d.Name === name)?.Value;

/**
 * Every Lambda function the stage's stacks create, but CDK's own custom-resource providers (BucketDeployment's
 * handler and the like, which CDK names by purpose: `Custom::...`).
 */
function appFunctions(): { stack: Stack; logicalId: string; name: string }[] {
  return all.flatMap(({ stack, template }) => {
    const elements = stack.node.findAll().filter(CfnElement.isCfnElement);
    return Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([logicalId]) => {
        const element = elements.find((e) => stack.resolve(e.logicalId) === logicalId)!;
        return !element.node.scopes.some((scope) => scope.node.id.startsWith('Custom::'));
      })
      .map(([logicalId, fn]) => ({ stack, logicalId, name: (fn.Properties.FunctionName as string) ?? logicalId }));
  });
}

/** The alarms on `metricName` of the function `logicalId` of `stack`. */
function functionAlarms(stack: Stack, logicalId: string, metricName: string): Json[] {
  return alarms
    .map(([, alarm]) => alarm)
    .filter((alarm) =>
      metricsOf(alarm).some((metric) => {
        if (metric.namespace !== 'AWS/Lambda' || metric.name !== metricName) return false;
        const name = dimension(metric, 'FunctionName');
        const source = produced(name);
        return source
          ? source.stackName === stack.stackName && JSON.stringify(source.value) === JSON.stringify({ Ref: logicalId })
          : false;
      }),
    );
}

describe('alert topic', () => {
  it.each(['dev', 'prod'])('is one per stage (%s), encrypted with a rotating key that CloudWatch alarms may use', (stage) => {
    // Arrange
    const stageStacks = stage === 'dev' ? stacks : buildApp({ context: { stage } }).stacks;
    const templates = templatesOf(stageStacks);
    const topicTemplate = templateOf(stageStacks.monitoring);

    // Act
    const topics = templates.flatMap(({ template }) => Object.values(template.findResources('AWS::SNS::Topic')));

    // Assert
    expect(topics).toHaveLength(1);
    const keyId = logicalIdOf(topicTemplate, 'AWS::KMS::Key');
    topicTemplate.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: `leasedesk-${stage}-alerts`,
      KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
    });
    topicTemplate.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
  });

  it("lets this account's alarms publish, over TLS only", () => {
    const topicId = logicalIdOf(monitoring, 'AWS::SNS::Topic');

    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnLike: Match.anyValue() },
          }),
        ]),
      },
    });
  });

  it('has no subscriber when the stage names no alertEmail', () => {
    monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('is subscribed by e-mail to the alertEmail of the stage', () => {
    // Arrange + Act
    const withEmail = templateOf(buildApp({ context: { stage: 'prod', alertEmail: 'ops@example.com' } }).stacks.monitoring);

    // Assert
    withEmail.resourceCountIs('AWS::SNS::Subscription', 1);
    withEmail.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: logicalIdOf(withEmail, 'AWS::SNS::Topic') },
    });
  });

  it('refuses an alertEmail that is no e-mail address', () => {
    expect(() => buildApp({ context: { alertEmail: 'ops at example.com' } })).toThrow(/alertEmail/);
  });
});

describe('API alarms', () => {
  const httpApiRef = { Ref: logicalIdOf(templateOf(stacks.api), 'AWS::ApiGatewayV2::Api') };
  /** The metric reads the stage's HTTP API (through the api stack's output). */
  const onTheApi = (metric: { dimensions: Json[] }) =>
    JSON.stringify(produced(dimension(metric, 'ApiId'))?.value) === JSON.stringify(httpApiRef);

  it('alarm on the 5xx rate: 5xx over requests, in percent', () => {
    const [, alarm] = alarms.find(([, a]) => a.Properties.AlarmName === 'leasedesk-dev-api-5xx-rate')!;
    const expression = (alarm.Properties.Metrics as Json[]).find((query) => query.Expression)!;
    const idOf = (name: string) => (alarm.Properties.Metrics as Json[]).find((q) => q.MetricStat?.Metric.MetricName === name)!.Id;

    expect(expression.Expression).toBe(`100 * FILL(${idOf('5xx')}, 0) / ${idOf('Count')}`);
    expect(metricsOf(alarm).map((m) => [m.namespace, m.name, m.stat])).toEqual([
      ['AWS/ApiGateway', '5xx', 'Sum'],
      ['AWS/ApiGateway', 'Count', 'Sum'],
    ]);
    expect(metricsOf(alarm).every(onTheApi)).toBe(true);
    expect(alarm.Properties).toMatchObject({
      Threshold: ALARM_THRESHOLDS.apiServerErrorRatePercent,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it("alarm on the API's p99 latency", () => {
    const [, alarm] = alarms.find(([, a]) => a.Properties.AlarmName === 'leasedesk-dev-api-latency-p99')!;
    const [metric] = metricsOf(alarm);

    expect(metric).toMatchObject({ namespace: 'AWS/ApiGateway', name: 'Latency', stat: 'p99' });
    expect(onTheApi(metric)).toBe(true);
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.apiLatencyP99Millis);
  });
});

describe('function alarms', () => {
  const functions = appFunctions();

  it('cover the API features, the Cognito triggers and the jobs (and CDK providers are left out)', () => {
    expect(functions).toHaveLength(FEATURES.length + 3 + JOBS.length);
    expect(functions.map((fn) => fn.name)).toEqual(
      expect.arrayContaining(['leasedesk-dev-deals', 'leasedesk-dev-pre-sign-up', 'leasedesk-dev-expire-deals']),
    );
  });

  it.each(functions.map((fn) => [fn.name, fn] as const))('%s has an Errors and a Throttles alarm', (_, fn) => {
    const errors = functionAlarms(fn.stack, fn.logicalId, 'Errors');
    const throttles = functionAlarms(fn.stack, fn.logicalId, 'Throttles');

    expect(errors).toHaveLength(1);
    expect(throttles).toHaveLength(1);
    expect(errors[0].Properties).toMatchObject({ Threshold: ALARM_THRESHOLDS.functionErrors, Statistic: 'Sum' });
    expect(throttles[0].Properties).toMatchObject({ Threshold: ALARM_THRESHOLDS.functionThrottles, Statistic: 'Sum' });
  });
});

describe('scheduled job alarms', () => {
  const schedules = templateOf(stacks.schedules);

  it.each(JOBS.map((job) => job.name))("%s alarms when its function fails (the job's errors)", (name) => {
    const fn = logicalIdOf(schedules, 'AWS::Lambda::Function', { FunctionName: `leasedesk-dev-${name}` });

    const [alarm] = functionAlarms(stacks.schedules, fn, 'Errors');

    expect(alarm.Properties.AlarmName).toBe(`leasedesk-dev-${name}-errors`);
    expect(alarm.Properties.AlarmDescription).toContain(`scheduled job ${name}`);
  });

  it.each(JOBS.map((job) => job.name))(
    '%s alarms when the scheduler cannot start it (target errors or dropped invocations of its group)',
    (name) => {
      const [, alarm] = alarms.find(([, a]) => a.Properties.AlarmName === `leasedesk-dev-${name}-not-started`)!;

      expect(metricsOf(alarm).map((m) => [m.namespace, m.name, dimension(m, 'ScheduleGroup')])).toEqual([
        ['AWS/Scheduler', 'TargetErrorCount', `leasedesk-dev-${name}`],
        ['AWS/Scheduler', 'InvocationDroppedCount', `leasedesk-dev-${name}`],
      ]);
      expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.jobNotStarted);
    },
  );

  it("alarms on one notification the outbox gave up on, counted from the retry job's log line", () => {
    const job = JOBS.find((candidate) => candidate.name === 'retry-notifications')!;
    const fn = logicalIdOf(schedules, 'AWS::Lambda::Function', { FunctionName: 'leasedesk-dev-retry-notifications' });
    const logGroup = schedules.toJSON().Resources[fn].Properties.LoggingConfig.LogGroup;

    schedules.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: logGroup,
      FilterPattern: `{ $.message = "${NOTIFICATION_GIVEN_UP}" }`,
      MetricTransformations: [{ MetricNamespace: 'LeaseDesk/dev', MetricName: job.alert!.metric, MetricValue: '1' }],
    });
    const [, alarm] = alarms.find(([, a]) => a.Properties.AlarmName === 'leasedesk-dev-retry-notifications-alert')!;
    expect(metricsOf(alarm).map((m) => [m.namespace, m.name, m.stat])).toEqual([['LeaseDesk/dev', job.alert!.metric, 'Sum']]);
    expect(alarm.Properties.Threshold).toBe(ALARM_THRESHOLDS.jobAlertLines);
    expect(job.alert!.message).toBe(NOTIFICATION_GIVEN_UP);
  });
});

describe('every alarm', () => {
  it('notifies the alert topic when it fires and when it clears', () => {
    const topic = { Ref: logicalIdOf(monitoring, 'AWS::SNS::Topic') };
    const everywhere = all.flatMap(({ template }) => Object.values(template.findResources('AWS::CloudWatch::Alarm')));

    expect(everywhere).toHaveLength(alarms.length);
    for (const [, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([topic]);
      expect(alarm.Properties.OKActions).toEqual([topic]);
    }
  });

  it('is named after the stage', () => {
    for (const [, alarm] of alarms) expect(alarm.Properties.AlarmName).toMatch(/^leasedesk-dev-/);
  });
});

describe('dashboard', () => {
  it('is one per stage and shows every alarm and the API, function and scheduler figures', () => {
    const [dashboard] = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard.Properties.DashboardBody);

    monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    expect(dashboard.Properties.DashboardName).toBe('leasedesk-dev');
    for (const [id] of alarms) expect(body).toContain(`"${id}"`);
    for (const metric of ['5xx', 'Count', 'Latency', 'Invocations', 'Errors', 'Throttles', 'Duration']) {
      expect(body).toContain(`\\"${metric}\\"`);
    }
    expect(body).toContain('TargetErrorCount');
    expect(body).toContain('InvocationDroppedCount');
  });
});
