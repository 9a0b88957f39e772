/**
 * The whole stage: every stack of LeaseDesk, wired together, with cdk-nag's AwsSolutions checks as a validation
 * plugin (synth fails on any unacknowledged finding). Used by infra/bin/app.ts and by the infra tests.
 */
import { Tags, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { stageConfigFromContext, type StageConfig } from './config';
import { DataStack } from './data-stack';
import { EmailStack } from './email-stack';
import { MonitoringStack } from './monitoring-stack';
import { stackName } from './names';
import { SchedulesStack } from './schedules-stack';
import { StorageStack } from './storage-stack';
import { WebStack } from './web-stack';

export interface LeaseDeskStacks {
  config: StageConfig;
  data: DataStack;
  storage: StorageStack;
  email: EmailStack;
  auth: AuthStack;
  api: ApiStack;
  schedules: SchedulesStack;
  web: WebStack;
  monitoring: MonitoringStack;
}

export function defineLeaseDesk(app: App): LeaseDeskStacks {
  const config = stageConfigFromContext(app.node);
  const name = (part: string) => stackName(config.stage, part);
  const describe = (what: string) => `LeaseDesk ${config.stage}: ${what}`;

  const data = new DataStack(app, 'Data', { stackName: name('data'), description: describe('DynamoDB table'), config });
  const storage = new StorageStack(app, 'Storage', {
    stackName: name('storage'),
    description: describe('upload buckets and access logs'),
    config,
  });
  const email = new EmailStack(app, 'Email', { stackName: name('email'), description: describe('SES sender identity'), config });
  const auth = new AuthStack(app, 'Auth', {
    stackName: name('auth'),
    description: describe('Cognito user pool, groups and triggers'),
    config,
    table: data.table,
  });
  const api = new ApiStack(app, 'Api', {
    stackName: name('api'),
    description: describe('HTTP API and feature functions'),
    config,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const schedules = new SchedulesStack(app, 'Schedules', {
    stackName: name('schedules'),
    description: describe('scheduled jobs'),
    config,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const web = new WebStack(app, 'Web', {
    stackName: name('web'),
    description: describe('SPA on CloudFront'),
    config,
    apiUrl: api.apiUrl,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
  });

  const monitoring = new MonitoringStack(app, 'Monitoring', {
    stackName: name('monitoring'),
    description: describe('alert topic, alarms and dashboard'),
    config,
    httpApi: api.httpApi,
    apiFunctions: Object.values(api.functions),
    triggers: [auth.preSignUp, auth.postConfirmation, auth.customMessage],
    jobs: [...schedules.jobs].map(([jobName, { fn, group, alert }]) => ({ name: jobName, fn, group, alert })),
  });

  // Buckets and the SES identity are referenced by name (names.ts), so their order is declared, not inferred.
  for (const consumer of [auth, api, schedules, web]) consumer.addStackDependency(storage, 'buckets are referenced by name');
  for (const consumer of [api, schedules]) consumer.addStackDependency(email, 'SES identity is referenced by name');
  if (config.cognitoEmailViaSes) auth.addStackDependency(email, 'Cognito sends through the SES identity');

  Tags.of(app).add('app', 'leasedesk');
  Tags.of(app).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  return { config, data, storage, email, auth, api, schedules, web, monitoring };
}
