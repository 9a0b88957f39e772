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
] as const satisfies readonly JobDef[];

export type JobName = (typeof JOBS)[number]['name'];
