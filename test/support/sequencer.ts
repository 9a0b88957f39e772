import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest's own order, except that checks over the whole run go last: the least-privilege test decides every AWS
 * call the other files made through the packaged functions.
 *
 * `npm test` runs the stack project in shards, each against a stack of its own (test/support/run-tests.mjs). A
 * shard's files are chosen by their usual duration (stack-file-seconds.json, longest first onto the lightest shard),
 * not by vitest's hash of their paths, which can leave one shard twice as long as the other. Each whole-run check
 * goes into every shard: it decides the calls of the stack it ran beside.
 */
export const RUN_LAST = ['test/api/least-privilege.test.ts'];

const SECONDS_FILE = 'test/support/stack-file-seconds.json';
/** A file missing from the table (a new one) weighs what files of its kind usually do. */
const DEFAULT_SECONDS = { e2e: 15, other: 3 };

/**
 * Files that must share a shard: both start a Vite dev server of their own when the stack serves the production
 * build, and two dev servers pre-bundling into one node_modules/.vite at once is a race no test should depend on.
 */
export const SAME_SHARD = [['test/e2e/dev-server-files.test.ts', 'test/e2e/pickers.test.ts']];

function isRunLast(file: TestSpecification): boolean {
  return RUN_LAST.some((path) => file.moduleId.endsWith(path));
}

/**
 * `count` shards of `files`: greedy, longest first onto the shard with the least seconds so far. The files of a
 * `together` group travel as one.
 */
export function partitionBySeconds(
  files: readonly string[],
  seconds: (file: string) => number,
  count: number,
  together: readonly (readonly string[])[] = [],
): string[][] {
  const grouped = new Set(together.flat());
  const units = [
    ...together.map((group) => group.filter((file) => files.includes(file))).filter((group) => group.length > 0),
    ...files.filter((file) => !grouped.has(file)).map((file) => [file]),
  ].map((unit) => ({ files: unit, seconds: unit.reduce((sum, file) => sum + seconds(file), 0), key: unit[0]! }));
  units.sort((a, b) => b.seconds - a.seconds || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  for (const unit of units) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(...unit.files);
    lightest.seconds += unit.seconds;
  }
  return shards.map((shard) => shard.files);
}

export function fileSeconds(table: Record<string, number>): (file: string) => number {
  return (file) => table[file] ?? (file.startsWith('test/e2e/') ? DEFAULT_SECONDS.e2e : DEFAULT_SECONDS.other);
}

export default class WholeRunChecksLast extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const table = JSON.parse(readFileSync(join(this.ctx.config.root, SECONDS_FILE), 'utf8')) as Record<string, number>;
    const pathOf = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId).split('\\').join('/');
    const shared = files.filter(isRunLast);
    const divided = files.filter((file) => !isRunLast(file));
    const mine = new Set(partitionBySeconds(divided.map(pathOf), fileSeconds(table), count, SAME_SHARD)[index - 1]);
    return [...divided.filter((file) => mine.has(pathOf(file))), ...shared];
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((file) => !isRunLast(file)), ...sorted.filter(isRunLast)];
  }
}
