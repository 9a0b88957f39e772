/**
 * What `npm run load` measured, per kind of request: every answer's status and latency as the client saw it, and
 * the requests that got no answer. Pure: run.ts feeds it from autocannon's client events and prints its table.
 */
import { formatColumns } from '@test/bench/report';

export interface LoadRow {
  name: string;
  requests: number;
  /** Answers per second over the run. */
  perSecond: number;
  /** Latency percentiles in ms (nearest rank), null without answers. */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  /** Answers outside 2xx that are not an expected refusal. */
  non2xx: number;
  /** 429s of a route's per-source limit (all requests come from one address): reported, not a fault. */
  expectedRefusals: number;
  /** Answers in 5xx (also counted in non2xx). */
  serverErrors: number;
  /** Requests that got no answer: a timeout, a connection error or a connection closed under them. */
  errors: number;
}

/** The p-th percentile (0 < p <= 100) of ascending `sorted` by nearest rank; null for no values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
}

interface Tally {
  latencies: number[];
  non2xx: number;
  expectedRefusals: number;
  serverErrors: number;
  errors: number;
}

/** The suffix of the row that holds a kind's expected refusals: their latency is the limiter's, not the route's work. */
export const REFUSED_SUFFIX = ' (429: per-source limit)';

export class LoadRecorder {
  private readonly tallies = new Map<string, Tally>();

  /** `names`: the rows in the order the table shows them (a row with no requests still shows). */
  constructor(private readonly names: readonly string[]) {
    for (const name of names) this.tally(name);
  }

  private tally(name: string): Tally {
    let tally = this.tallies.get(name);
    if (!tally) {
      tally = { latencies: [], non2xx: 0, expectedRefusals: 0, serverErrors: 0, errors: 0 };
      this.tallies.set(name, tally);
    }
    return tally;
  }

  /** One answer. An expected refusal goes to its own row, so the kind's percentiles stay those of the real work. */
  answered(name: string, status: number, ms: number, expectedRefusal: boolean): void {
    const tally = this.tally(expectedRefusal ? `${name}${REFUSED_SUFFIX}` : name);
    tally.latencies.push(ms);
    if (expectedRefusal) tally.expectedRefusals++;
    else if (status < 200 || status > 299) tally.non2xx++;
    if (status >= 500) tally.serverErrors++;
  }

  /** A request that got no answer. */
  unanswered(name: string): void {
    this.tally(name).errors++;
  }

  /** A row per name, each followed by its refusals' row when it has one. */
  rows(durationSeconds: number): LoadRow[] {
    return this.names
      .flatMap((name) => [name, `${name}${REFUSED_SUFFIX}`])
      .filter((name) => this.tallies.has(name))
      .map((name) => summarize(name, this.tallies.get(name)!, durationSeconds));
  }

  total(durationSeconds: number): LoadRow {
    const all = [...this.tallies.values()];
    return summarize(
      'total',
      {
        latencies: all.flatMap((tally) => tally.latencies),
        non2xx: sum(all.map((tally) => tally.non2xx)),
        expectedRefusals: sum(all.map((tally) => tally.expectedRefusals)),
        serverErrors: sum(all.map((tally) => tally.serverErrors)),
        errors: sum(all.map((tally) => tally.errors)),
      },
      durationSeconds,
    );
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function summarize(name: string, tally: Tally, durationSeconds: number): LoadRow {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length + tally.errors,
    perSecond: durationSeconds > 0 ? sorted.length / durationSeconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: tally.non2xx,
    expectedRefusals: tally.expectedRefusals,
    serverErrors: tally.serverErrors,
    errors: tally.errors,
  };
}

const ms = (value: number | null) => (value === null ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));

function non2xxCell(row: LoadRow): string {
  if (row.expectedRefusals === 0) return String(row.non2xx);
  return row.non2xx === 0 ? `${row.expectedRefusals} expected` : `${row.non2xx} + ${row.expectedRefusals} expected`;
}

/** The run's one table: a line per row, then the total. */
export function formatLoadTable(rows: readonly LoadRow[], total: LoadRow): string {
  const header = ['route', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'];
  const cells = [...rows, total].map((row) => [
    row.name,
    String(row.requests),
    row.perSecond.toFixed(1),
    ms(row.p50),
    ms(row.p95),
    ms(row.p99),
    non2xxCell(row),
    String(row.errors),
  ]);
  return formatColumns(header, cells, new Set([1, 2, 3, 4, 5, 6, 7]));
}

export interface LoadVerdict {
  clean: boolean;
  /** Why the run is not clean, one line each. */
  faults: string[];
}

/**
 * Clean: every request answered (no errors; autocannon's own count of connection errors and timeouts agrees), none
 * with a 5xx, and none outside 2xx except the expected refusals: a 4xx means the mix is not what it says.
 */
export function loadVerdict(total: LoadRow, autocannonErrors: number): LoadVerdict {
  const faults: string[] = [];
  if (total.requests === total.errors) faults.push('no request was answered');
  if (total.errors > 0 || autocannonErrors > 0)
    faults.push(`${Math.max(total.errors, autocannonErrors)} request(s) got no answer (timeout or connection error)`);
  if (total.serverErrors > 0) faults.push(`${total.serverErrors} answer(s) in 5xx`);
  if (total.non2xx > total.serverErrors) faults.push(`${total.non2xx - total.serverErrors} unexpected 4xx answer(s)`);
  return { clean: faults.length === 0, faults };
}
