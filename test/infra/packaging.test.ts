/**
 * Packaging: every function ships its own entry's bundle. CDK stages one asset per source folder and bundling
 * options, so a per-function difference the options do not show (the entry, read by a closure) once gave all the
 * functions of a stage the first one's code; the template tests alone could not see it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { FeatureFunction } from '@infra/constructs/feature-function';
import { buildApp, cleanupCdkTemp, templateOf } from './support';

afterAll(cleanupCdkTemp);

describe('function code assets', () => {
  it('are one per function across the stage', () => {
    // Arrange
    const { stacks } = buildApp({ context: { stage: 'dev' } });

    // Act
    const codeKeys = [stacks.auth, stacks.api, stacks.schedules].flatMap((stack) =>
      Object.values(templateOf(stack).findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Code.S3Key as string),
    );

    // Assert
    expect(codeKeys.length).toBeGreaterThan(1);
    expect(new Set(codeKeys).size).toBe(codeKeys.length);
  });

  it("hold each function's own entry when bundled", () => {
    // Arrange: two small triggers, bundled for real by the local esbuild.
    const app = new App({ context: { 'aws:cdk:bundling-stacks': ['**'] }, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'Packaging');
    const declare = (id: string, entry: string) =>
      new FeatureFunction(stack, id, {
        entry,
        functionName: `probe-${id}`,
        serviceName: id,
        description: id,
        environment: {},
        logRetention: RetentionDays.ONE_DAY,
        removalPolicy: RemovalPolicy.DESTROY,
      });
    declare('PreSignUp', 'functions/auth/pre-sign-up.ts');
    declare('CustomMessage', 'functions/auth/custom-message.ts');

    // Act
    const assembly = app.synth();
    const template = templateOf(stack);
    const bundleOf = (functionName: string) => {
      const [fn] = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { FunctionName: functionName } }));
      const assetDir = path.join(assembly.directory, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
      return fs.readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    };

    // Assert: each bundle carries a string of its own entry only.
    expect(bundleOf('probe-PreSignUp')).toContain('PreSignUp_AdminCreateUser');
    expect(bundleOf('probe-PreSignUp')).not.toContain('Reset your LeaseDesk password');
    expect(bundleOf('probe-CustomMessage')).toContain('Reset your LeaseDesk password');
    expect(bundleOf('probe-CustomMessage')).not.toContain('PreSignUp_AdminCreateUser');
  });
});
