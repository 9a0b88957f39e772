/**
 * Scheduled jobs locally: each job of functions/jobs.ts runs once when the stack starts and then daily at its
 * schedule's time, with the same handler EventBridge Scheduler invokes in AWS. `npm run job -- <name>` runs one
 * on demand (job.ts).
 */
import { JOBS } from '../../functions/jobs';
import { lambdaContext, type HandlerModule } from './lambda-context';
import type { StackLog } from './log';

export interface JobDef {
  name: string;
  schedule: string;
  load: () => Promise<HandlerModule>;
}

/**
 * The next run of an EventBridge daily cron expression ("cron(M H * * ? *)", UTC) strictly after `from`.
 * Only daily schedules exist today; anything else is refused rather than run at a wrong time.
 */
export function nextDailyRun(schedule: string, from: Date): Date {
  const fields = /^cron\((.+)\)$/.exec(schedule.trim())?.[1]?.split(/\s+/);
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = fields ?? [];
  const isDaily =
    fields?.length === 6 &&
    /^\d+$/.test(minute ?? '') &&
    /^\d+$/.test(hour ?? '') &&
    month === '*' &&
    year === '*' &&
    ((dayOfMonth === '*' && dayOfWeek === '?') || (dayOfMonth === '?' && dayOfWeek === '*'));
  if (!isDaily) throw new Error(`Only daily schedules "cron(M H * * ? *)" run locally, not "${schedule}"`);
  const next = new Date(from);
  next.setUTCHours(Number(hour), Number(minute), 0, 0);
  if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
  return next;
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
  const run = (job: JobDef) => {
    const running = runJob(job, log)
      .then(() => undefined, () => undefined)
      .finally(() => {
        inFlight.delete(running);
        plan(job);
      });
    inFlight.add(running);
  };
  const plan = (job: JobDef) => {
    if (stopped) return;
    const at = nextDailyRun(job.schedule, new Date());
    const timer = setTimeout(() => {
      timers.delete(timer);
      run(job);
    }, at.getTime() - Date.now());
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) {
    nextDailyRun(job.schedule, new Date()); // refuse an unsupported schedule before running anything
    run(job);
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
