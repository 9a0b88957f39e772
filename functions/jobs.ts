/**
 * The scheduled jobs: EventBridge Scheduler targets in AWS, a timer and `npm run job -- <name>` locally.
 * `schedule` is an EventBridge Scheduler expression (UTC).
 */

export interface JobDef {
  name: string;
  /** The feature the job belongs to (its folder under functions/). */
  feature: string;
  entry: string;
  schedule: string;
  load: () => Promise<{ handler: () => Promise<unknown> }>;
  /**
   * A log line of the job that must reach a person: a metric filter on the job's log group counts the lines whose
   * `message` is `message` into the metric `metric`, and an alarm fires on one (infra/stacks/monitoring-stack.ts).
   */
  alert?: { message: string; metric: string; description: string };
}

export const JOBS = [
  {
    name: 'expire-deals',
    feature: 'deals',
    entry: 'functions/deals/expire-deals.ts',
    schedule: 'cron(0 6 * * ? *)',
    load: () => import('./deals/expire-deals'),
  },
  {
    name: 'expire-licences',
    feature: 'brokers',
    entry: 'functions/brokers/expire-licences.ts',
    schedule: 'cron(5 6 * * ? *)',
    load: () => import('./brokers/expire-licences'),
  },
  {
    name: 'rank-trending',
    feature: 'marketplace',
    entry: 'functions/marketplace/rank-trending.ts',
    schedule: 'rate(5 minutes)',
    load: () => import('./marketplace/rank-trending'),
  },
  {
    name: 'retry-notifications',
    feature: 'notifications',
    entry: 'functions/notifications/retry-notifications.ts',
    // Every minute: the outbox's first retry is a minute after the request's failed send (functions/lib/outbox.ts).
    schedule: 'rate(1 minute)',
    load: () => import('./notifications/retry-notifications'),
    alert: {
      // NOTIFICATION_GIVEN_UP of functions/lib/outbox.ts (not imported: the CDK app would load the functions' code).
      message: 'notification given up',
      metric: 'NotificationsGivenUp',
      description:
        "An e-mail or text the outbox could not send after all its attempts (an invitation, a referral, a new-lead notice). The job's log line names the outbox message and its record: tell the user another way, and look at SES or SNS.",
    },
  },
  {
    name: 'notify-waiting-leads',
    feature: 'notifications',
    entry: 'functions/notifications/notify-waiting-leads.ts',
    // A lead waits too long an hour after it arrived (shared/notifications/kinds.ts): told within 15 minutes of that.
    schedule: 'rate(15 minutes)',
    load: () => import('./notifications/notify-waiting-leads'),
  },
  {
    name: 'remind-tasks',
    feature: 'tasks',
    entry: 'functions/tasks/remind-tasks.ts',
    // Every 15 minutes UTC: 08:00 in every zone (whole, half and quarter hours from UTC) falls on a run.
    schedule: 'rate(15 minutes)',
    load: () => import('./tasks/remind-tasks'),
  },
] as const satisfies readonly JobDef[];

export type JobName = (typeof JOBS)[number]['name'];
