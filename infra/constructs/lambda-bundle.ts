/**
 * How every Lambda is bundled: one set of esbuild options, used by FeatureFunction (CDK) and by the bench
 * (test/bench/lambda-bundles.ts), so what is measured is what is deployed.
 *
 * Minified, tree-shaken ESM for node22 with everything inside, the AWS SDK included (the versions the tests ran
 * with: loading the runtime's copy from its separate files costs more at cold start than the bundled, tree-shaken
 * part). Code split: a dynamic `import()` (the Cognito, S3 and SES clients) becomes its own chunk, loaded by the
 * first route that needs it, so a feature's other routes do not pay for it. Path aliases resolve through
 * tsconfig.json. The SDK's default credential chain is replaced by the environment provider Lambda needs
 * (functions/lib/lambda-credentials.ts). Source maps are written beside the bundle for reading stack traces
 * offline but not enabled at run time (docs/decisions.md, "Lambdas").
 */
import * as path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from './paths';

/** The comment heading every bundle's entry file: `// leasedesk-entry: functions/deals/handler.ts`. */
export function entryMarker(entry: string): string {
  return `// leasedesk-entry: ${entry}`;
}

/** The entry a bundle's entry file was built from (its first line), or undefined when it carries no marker. */
export function entryOfBundle(source: string): string | undefined {
  return /^\/\/ leasedesk-entry: (\S+)/.exec(source)?.[1];
}

export function lambdaBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: path.join(REPO_ROOT, entry) },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    alias: { '@aws-sdk/credential-provider-node': path.join(REPO_ROOT, 'functions/lib/lambda-credentials.ts') },
    // The first line names the entry the bundle was built from, so a packaged asset can be traced to its source
    // (test/infra/assets.test.ts checks every function's asset against its entry).
    banner: {
      js: `${entryMarker(entry)}\nimport { createRequire } from 'node:module';const require = createRequire(import.meta.url);`,
    },
    logLevel: 'error',
  };
}
