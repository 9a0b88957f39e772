/**
 * Synthesizes the CDK app into a cloud assembly, bundling every function, as `cdk synth` does with cdk.json's
 * context: the local stack's artifact mode and the tests run what this writes. The stage is `dev`; the credit
 * application form gets a stand-in https address so that the function's template declares its variables (the local
 * stack replaces the value with its own stand-in page).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '@infra/constructs/paths';
import { defineLeaseDesk } from '@infra/stacks/leasedesk';

export const ARTIFACTS_DIR = join(REPO_ROOT, 'cdk.out');
export const STAND_IN_CREDIT_APP_FORM_URL = 'https://esign.example.com/forms/credit-application';

export function artifactContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return { ...cdkJson.context, stage: 'dev', creditAppFormUrl: STAND_IN_CREDIT_APP_FORM_URL };
}

/** Writes the assembly to `outdir` (default cdk.out) and returns the folder. */
export function synthesizeArtifacts(outdir = ARTIFACTS_DIR, context: Record<string, unknown> = {}): string {
  const app = new App({ outdir, context: { ...artifactContext(), ...context }, builtinCloudFormationValidation: false });
  defineLeaseDesk(app);
  app.synth();
  return outdir;
}
