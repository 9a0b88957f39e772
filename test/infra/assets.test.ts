/**
 * The code `cdk deploy` uploads: the app synthesized WITH bundling (as `cdk synth` does), then each function's
 * asset read back from the cloud assembly. Template assertions elsewhere skip bundling for speed, so only this file
 * can see a packaging fault (once, every function shipped the first function's bundle). The assets themselves run
 * in the stack suite (the test stack serves every function from cdk.out).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURES, ROUTES, routeKey } from '@shared/api/routes';
import { JOBS } from '@functions/jobs';
import { entryOfBundle } from '@infra/constructs/lambda-bundle';
import { FeatureFunction } from '@infra/constructs/feature-function';
import { readDeployedApp, type DeployedFunction } from '@infra/local/artifacts/assembly';
import { artifactContext } from '@infra/local/artifacts/synthesize';
import { defineLeaseDesk } from '@infra/stacks/leasedesk';

const outdir = mkdtempSync(join(tmpdir(), 'leasedesk-assets-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const app = new App({ outdir, context: artifactContext(), builtinCloudFormationValidation: false });
defineLeaseDesk(app);
app.synth();
const deployed = readDeployedApp(outdir, { region: 'us-east-1' });

/** Each FeatureFunction construct with the entry it was declared with, by stack name and logical id. */
const declared = app.node
  .findAll()
  .filter((construct): construct is FeatureFunction => construct instanceof FeatureFunction)
  .map((fn) => {
    const stack = Stack.of(fn);
    return { key: `${stack.stackName}/${stack.getLogicalId(fn.node.defaultChild as CfnFunction)}`, entry: fn.entry };
  });
const entryFile = (fn: DeployedFunction) => readFileSync(join(fn.assetDir, 'index.mjs'), 'utf8');
const deployedByKey = new Map(deployed.functions.map((fn) => [`${fn.stackName}/${fn.logicalId}`, fn]));

describe('function assets in the cloud assembly', () => {
  it('gives every function its own asset: as many distinct assets as distinct entries', () => {
    const entries = new Set(declared.map((fn) => fn.entry));
    const assets = new Set(deployed.functions.map((fn) => fn.assetDir));
    expect(deployed.functions).toHaveLength(declared.length);
    expect(assets.size).toBe(entries.size);
  });

  it.each(declared.map((fn) => [fn.key, fn.entry] as const))('%s ships the bundle of %s', (key, entry) => {
    const fn = deployedByKey.get(key);
    expect(fn, `${key} is not in the assembly`).toBeDefined();
    expect(entryOfBundle(entryFile(fn!))).toBe(entry);
  });

  it('has an entry file exporting `handler` in every asset, loadable by plain Node from the asset folder alone', () => {
    for (const fn of deployed.functions) {
      const script = `import('./index.mjs').then((m) => process.stdout.write(typeof m.handler))`;
      const exported = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: fn.assetDir,
        env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', ...fn.environment },
        encoding: 'utf8',
      });
      expect(exported, fn.name).toBe('function');
    }
  });

  it("routes every API route to the function bundled from its feature's handler", () => {
    expect([...deployed.routes.keys()].sort()).toEqual(ROUTES.map(routeKey).sort());
    const byName = new Map(deployed.functions.map((fn) => [fn.name, fn]));
    for (const route of ROUTES) {
      const fn = byName.get(deployed.routes.get(routeKey(route))!)!;
      expect(entryOfBundle(entryFile(fn)), routeKey(route)).toBe(`functions/${route.feature}/handler.ts`);
    }
    expect(new Set(ROUTES.map((route) => route.feature))).toEqual(new Set(FEATURES));
  });

  it('invokes each Cognito trigger and each scheduled job from its own entry', () => {
    const byName = new Map(deployed.functions.map((fn) => [fn.name, fn]));
    const triggerEntries = Object.fromEntries(
      [...deployed.triggers].map(([trigger, name]) => [trigger, entryOfBundle(entryFile(byName.get(name)!))]),
    );
    expect(triggerEntries).toEqual({
      PreSignUp: 'functions/auth/pre-sign-up.ts',
      PostConfirmation: 'functions/auth/post-confirmation.ts',
      CustomMessage: 'functions/auth/custom-message.ts',
    });
    const jobEntries = deployed.schedules.map((schedule) => [
      (schedule.input as { job: string }).job,
      entryOfBundle(entryFile(byName.get(schedule.functionName)!)),
    ]);
    expect(Object.fromEntries(jobEntries)).toEqual(Object.fromEntries(JOBS.map((job) => [job.name, job.entry])));
  });
});
