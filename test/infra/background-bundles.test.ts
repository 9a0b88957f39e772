/**
 * Jobs and Cognito triggers start within 1.25x of a bare GetItem handler (../shared/architecture.md "Budgets",
 * measured by `npm run bench -- lambda`). Their largest avoidable cost was zod (about 90 KB of a 420 KB start), pulled
 * in whole by one plain constant imported from a schema module: a proposal status (every deal write loads the proposal
 * entity), a task's link path, an upload's storage key. Those now live in zod-free modules (shared/proposals/enums.ts,
 * shared/tasks/links.ts, shared/uploads/keys.ts); this keeps it so: each job's and trigger's bundle, built with the
 * deployed options (lambda-bundle.ts), loads no zod when it starts (its entry and the chunks it imports statically).
 */
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { JOBS } from '@functions/jobs';
import { lambdaBuildOptions } from '@infra/constructs/lambda-bundle';
import { REPO_ROOT } from '@infra/constructs/paths';

/**
 * The Cognito triggers' entries (infra/stacks/auth-stack.ts) but PreSignUp, which validates the name with the shared
 * zod schema (functions/auth/pre-sign-up.ts) and starts in about half the reference's time with it.
 */
const TRIGGERS = ['functions/auth/post-confirmation.ts', 'functions/auth/custom-message.ts'];

/**
 * The source files whose code a bundle loads at start (tree-shaken to nothing: left out): its entry output and every
 * chunk that output imports statically.
 */
function loadedAtStart(metafile: Metafile): string[] {
  return inputsOf(metafile, startOutputs(metafile));
}

/** The source files whose code a bundle may load at all (its entry and every chunk, lazy ones included). */
function loadedEver(metafile: Metafile): string[] {
  return inputsOf(metafile, Object.keys(metafile.outputs));
}

function inputsOf(metafile: Metafile, outputs: string[]): string[] {
  return outputs.flatMap((output) =>
    Object.entries(metafile.outputs[output]!.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
}

function startOutputs(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((output) => outputs[output]!.entryPoint !== undefined)!;
  const loaded = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const imported of outputs[output]!.imports) {
      if (imported.kind === 'import-statement' && imported.path in outputs) visit(imported.path);
    }
  };
  visit(entry);
  return [...loaded];
}

async function metafileOf(entry: string): Promise<Metafile> {
  const { metafile } = await build({
    ...lambdaBuildOptions(entry, path.join(REPO_ROOT, 'cdk.out', 'background-bundle-check')),
    write: false,
    metafile: true,
  });
  return metafile;
}

describe('jobs and Cognito triggers', () => {
  it.each([...JOBS.map((job) => job.entry), ...TRIGGERS])(
    '%s loads no zod when it starts',
    async (entry) => {
      const inputs = loadedAtStart(await metafileOf(entry));

      expect(
        inputs.some((input) => input.startsWith('functions/')),
        'the start holds the entry',
      ).toBe(true);
      expect(inputs.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
    },
    60_000,
  );

  // The S3 client shares SDK code with DynamoDB that esbuild puts in the chunks every start loads (about 45 KB), and
  // is about 250 KB more on use: the job and the trigger that only get, put, copy and delete objects sign their own
  // requests (functions/lib/s3-objects.ts).
  it.each(['functions/marketplace/rank-trending.ts', 'functions/auth/post-confirmation.ts'])(
    '%s never loads the S3 client',
    async (entry) => {
      const inputs = loadedEver(await metafileOf(entry));

      expect(inputs.some((input) => input.startsWith('functions/'))).toBe(true);
      expect(inputs.filter((input) => /node_modules\/@aws-sdk\/(client-s3|xml-builder)\//.test(input))).toEqual([]);
    },
    60_000,
  );

  // A job that never writes a deal, or writes one only when one is due, does not evaluate the deal write path (the
  // commission ledger, the brokered-vehicle log, the system tasks, the derived items and their entities) at start.
  it.each(['functions/marketplace/rank-trending.ts', 'functions/deals/expire-deals.ts'])(
    '%s starts without the deal write path',
    async (entry) => {
      const inputs = loadedAtStart(await metafileOf(entry));

      expect(inputs).toContain('functions/domain/deals/deal-reads.ts');
      expect(
        inputs.filter((input) => /^functions\/domain\/(deals\/deal-writes|commission|brokered-vehicles)/.test(input)),
      ).toEqual([]);
    },
    60_000,
  );
});
