import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeployedFunction } from './assembly';
import { FunctionError, FunctionPool } from './function-pool';

const dirs: string[] = [];
const pools: FunctionPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A pool over an asset folder holding `index.mjs` with the given source. */
function poolFor(source: string, options: { timeoutSeconds?: number; environment?: Record<string, string> } = {}) {
  const assetDir = mkdtempSync(join(tmpdir(), 'leasedesk-pool-'));
  dirs.push(assetDir);
  writeFileSync(join(assetDir, 'index.mjs'), source);
  const fn: DeployedFunction = {
    name: 'leasedesk-dev-test',
    stackName: 'test',
    logicalId: 'Test',
    assetDir,
    handler: 'index.handler',
    timeoutSeconds: options.timeoutSeconds ?? 10,
    memoryMb: 128,
    environment: {},
    statements: [],
  };
  const pool = new FunctionPool({
    fn,
    environment: { LAMBDA_TASK_ROOT: assetDir, _HANDLER: 'index.handler', ...options.environment },
    log: () => undefined,
  });
  pools.push(pool);
  return pool;
}

describe('FunctionPool: Lambda execution environments for a packaged function', () => {
  it('runs the handler in its own process, with only the environment it is given', async () => {
    const pool = poolFor(
      `export const handler = async (event, context) => ({ echo: event.n, pid: process.pid, env: Object.keys(process.env).sort(), name: context.functionName, left: context.getRemainingTimeInMillis() > 0 });`,
      { environment: { TABLE_NAME: 't' } },
    );
    const result = (await pool.invoke({ n: 7 })) as { echo: number; pid: number; env: string[]; name: string; left: boolean };
    expect(result.echo).toBe(7);
    expect(result.pid).not.toBe(process.pid);
    expect(result.env.filter((key) => !key.startsWith('NODE_') && key !== 'PWD')).toEqual([
      'LAMBDA_TASK_ROOT',
      'TABLE_NAME',
      '_HANDLER',
    ]);
    expect(result).toMatchObject({ name: 'leasedesk-dev-test', left: true });
  });

  it('keeps an environment warm, and starts another for a concurrent invocation', async () => {
    const pool = poolFor(
      `export const handler = async () => { await new Promise((r) => setTimeout(r, 200)); return process.pid; };`,
    );
    const [a, b] = await Promise.all([pool.invoke({}), pool.invoke({})]);
    expect(a).not.toBe(b);
    expect(pool.coldStarts).toBe(2);
    await pool.invoke({});
    expect(pool.coldStarts).toBe(2);
  });

  it("reports a handler's error with its type and message", async () => {
    const pool = poolFor(`export const handler = async () => { throw new TypeError('no userAttributes'); };`);
    await expect(pool.invoke({})).rejects.toMatchObject({
      detail: { errorType: 'TypeError', errorMessage: 'no userAttributes' },
    });
  });

  it('fails an asset without the handler export as Lambda does', async () => {
    const pool = poolFor(`export const other = () => 1;`);
    const error = (await pool.invoke({}).catch((caught: unknown) => caught)) as FunctionError;
    expect(error).toBeInstanceOf(FunctionError);
    expect(error.detail.errorType).toBe('Runtime.HandlerNotFound');
  });

  it('times out at the template timeout, discards that environment and serves the next call from a new one', async () => {
    const pool = poolFor(
      `export const handler = async (event) => { if (event.hang) await new Promise(() => {}); return 'done'; };`,
      {
        timeoutSeconds: 1,
      },
    );
    await expect(pool.invoke({ hang: true })).rejects.toMatchObject({ detail: { errorType: 'Sandbox.Timedout' } });
    expect(await pool.invoke({})).toBe('done');
    expect(pool.coldStarts).toBe(2);
  });
});
