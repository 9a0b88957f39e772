/**
 * Scheduled jobs locally: each job of functions/jobs.ts runs once when the stack starts and then on its schedule
 * (a daily cron at its UTC time, or a rate counted from the previous run's start), with the same handler
 * EventBridge Scheduler invokes in AWS. `npm run job -- <name>` runs one on demand (job.ts).
 */
import { JOBS } from '@functions/jobs';
import { lambdaContext, type HandlerModule } from './lambda-context';
import type { StackLog } from './log';

export interface JobDef {
  name: string;
  schedule: string;
  load: () => Promise<HandlerModule>;
}

const RATE_UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/**
 * The interval of an EventBridge Scheduler rate expression ("rate(5 minutes)", "rate(1 hour)"), or null when
 * `schedule` is not one. The unit is singular for 1 and plural above, as AWS requires.
 */
export function rateInterval(schedule: string): number | null {
  const match = /^rate\((\d+) (minute|hour|day)(s?)\)$/.exec(schedule.trim());
  if (!match) return null;
  const [, value, unit, plural] = match;
  const count = Number(value);
  if (count < 1 || (count === 1) !== (plural === '')) return null;
  return count * RATE_UNIT_MS[unit as keyof typeof RATE_UNIT_MS];
}

/** The next run of a daily cron expression ("cron(M H * * ? *)", UTC) strictly after `from`, or null when it is not one. */
function nextDailyCronRun(schedule: string, from: Date): Date | null {
  const fields = /^cron\((.+)\)$/.exec(schedule.trim())?.[1]?.split(/\s+/);
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = fields ?? [];
  const isDaily =
    fields?.length === 6 &&
    /^\d+$/.test(minute ?? '') &&
    /^\d+$/.test(hour ?? '') &&
    month === '*' &&
    year === '*' &&
    ((dayOfMonth === '*' && dayOfWeek === '?') || (dayOfMonth === '?' && dayOfWeek === '*'));
  if (!isDaily) return null;
  const next = new Date(from);
  next.setUTCHours(Number(hour), Number(minute), 0, 0);
  if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * The next run of `schedule` after a run that started at `lastRun`: for a rate, one interval later; for a daily
 * cron, its next time strictly after `lastRun`. Other expressions are refused rather than run at a wrong time.
 */
export function nextRun(schedule: string, lastRun: Date): Date {
  const interval = rateInterval(schedule);
  if (interval !== null) return new Date(lastRun.getTime() + interval);
  const daily = nextDailyCronRun(schedule, lastRun);
  if (daily) return daily;
  throw new Error(`Only "rate(N minutes|hours|days)" and daily "cron(M H * * ? *)" schedules run locally, not "${schedule}"`);
}

/** Runs one job as EventBridge Scheduler would (an empty input event) and returns the handler's result. */
export async function runJob(job: JobDef, log: StackLog): Promise<unknown> {
  const started = Date.now();
  try {
    const { handler } = await job.load();
    const result = await handler({} as never, lambdaContext(`leasedesk-local-${job.name}`, 15 * 60_000));
    log('jobs', `${job.name} done in ${Date.now() - started} ms: ${JSON.stringify(result ?? null)}`);
    return result;
  } catch (error) {
    log('jobs', `${job.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    throw error;
  }
}

export function findJob(name: string, jobs: readonly JobDef[] = JOBS): JobDef | undefined {
  return jobs.find((job) => job.name === name);
}

export interface Scheduler {
  /** Cancels the timers and waits for a run in progress, so the emulators are not stopped under it. */
  stop(): Promise<void>;
}

export function startScheduler(log: StackLog, jobs: readonly JobDef[] = JOBS): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  // A job's next run is planned when the previous one ends (runs of one job never overlap), from its start time;
  // a run that overran its interval is followed at once.
  const run = (job: JobDef) => {
    const started = new Date();
    const running = runJob(job, log)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        inFlight.delete(running);
        plan(job, started);
      });
    inFlight.add(running);
  };
  const plan = (job: JobDef, lastRun: Date) => {
    if (stopped) return;
    const at = nextRun(job.schedule, lastRun);
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        run(job);
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) nextRun(job.schedule, new Date()); // refuse an unsupported schedule before running anything
  for (const job of jobs) run(job);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
