/**
 * Least privilege, proven on the run: every AWS call the packaged functions made during this test run (recorded by
 * the test stack's per-function proxies, infra/local/artifacts/iam-recorder.ts) is decided against that function's
 * IAM policies in the synthesized template. This file runs after every other file of the stack project
 * (test/support/sequencer.ts), so it sees the whole suite's calls. Grants no call used are printed; the ones kept
 * on purpose are listed in docs/security.md.
 */
import { describe, expect, inject, it } from 'vitest';
import { readDeployedApp } from '@infra/local/artifacts/assembly';
import { formatIamReport, iamReport, readRecordedCalls } from '@infra/local/artifacts/iam-recorder';
import { apiFetch, getStack } from '@test/support/stack';

describe('least privilege of the deployed functions', () => {
  it('makes no AWS call that its synthesized IAM policy would deny', async () => {
    const artifacts = inject('artifacts');
    expect(artifacts, 'the stack serves source (LEASEDESK_TEST_SOURCE=1): nothing deployable was exercised').not.toBeNull();
    // At least one call of our own, so the check can never pass on an empty record.
    expect((await apiFetch('/marketplace/trending')).status).toBe(200);

    const app = readDeployedApp(artifacts!.outdir, { region: getStack().region });
    const calls = readRecordedCalls(artifacts!.recordAwsCallsTo);
    const report = iamReport(app, calls);
    console.log(formatIamReport(report));

    expect(calls.some((call) => call.functionName.endsWith('-marketplace') && call.call.service === 'dynamodb')).toBe(true);
    expect(
      report.denied.map((denied) => `${denied.functionName} ${denied.operation} ${denied.need.action} ${denied.need.resource}`),
    ).toEqual([]);
  });
});
