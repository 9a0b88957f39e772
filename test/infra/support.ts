/**
 * Builds the LeaseDesk CDK app for template assertions: cdk.json's context (feature flags included) plus the test
 * overrides, no asset bundling (`aws:cdk:bundling-stacks: []` keeps esbuild out of the tests) and, unless asked,
 * without CDK's built-in CloudFormation validation (seconds per synth). cdk-nag still runs on every synth.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { Stack } from 'aws-cdk-lib';
import { REPO_ROOT } from '@infra/constructs/paths';
import { flattenCfn } from '@infra/local/edge/template-values';
import { defineLeaseDesk, type LeaseDeskStacks } from '@infra/stacks/leasedesk';

const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export interface BuildOptions {
  context?: Record<string, unknown>;
  /** Run CDK's built-in CloudFormation validation as `cdk synth` does (slow). */
  builtinValidation?: boolean;
}

/**
 * Every stage needs the e-signature form (config.ts); tests that are not about it get this one, as the local stack
 * gets its stand-in. A test about it sets `creditAppFormUrl` itself (undefined: none).
 */
export const TEST_CREDIT_APP_FORM_URL = 'https://e-signature.test.example/forms/credit?embed=true';

export function buildApp(options: BuildOptions = {}): { app: App; stacks: LeaseDeskStacks } {
  const app = new App({
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      creditAppFormUrl: TEST_CREDIT_APP_FORM_URL,
      ...options.context,
    },
    builtinCloudFormationValidation: options.builtinValidation ?? false,
  });
  return { app, stacks: defineLeaseDesk(app) };
}

export const templateOf = (stack: Stack) => Template.fromStack(stack);

/** Removes the cdk.out* temporary folders CDK creates for in-memory apps. */
export function cleanupCdkTemp(): void {
  CloudAssembly.cleanupTemporaryDirectories();
}

/** The logical id of the single resource of `type` whose properties match, or a clear failure. */
export function logicalIdOf(template: Template, type: string, props: Record<string, unknown> = {}): string {
  const ids = Object.keys(template.findResources(type, { Properties: props }));
  if (ids.length !== 1) throw new Error(`Expected one ${type} matching ${JSON.stringify(props)}, found ${ids.length}`);
  return ids[0];
}

/** The config of the response headers policy named `name`. */
export function headersPolicyConfig(template: Template, name: string) {
  const [policy] = Object.values(
    template.findResources('AWS::CloudFront::ResponseHeadersPolicy', {
      Properties: { ResponseHeadersPolicyConfig: Match.objectLike({ Name: name }) },
    }),
  );
  if (!policy) throw new Error(`No response headers policy ${name}`);
  return policy.Properties.ResponseHeadersPolicyConfig;
}

/** The CSP of the response headers policy `name` as directive -> sources, references written as <AWS::Region> etc. */
export function cspOf(template: Template, name: string): Record<string, string[]> {
  const csp = flattenCfn(headersPolicyConfig(template, name).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
  return Object.fromEntries(
    csp.split(';').map((directive) => {
      const [directiveName, ...sources] = directive.trim().split(/\s+/);
      return [directiveName!, sources];
    }),
  );
}
