/**
 * What every shard of `npm test`'s stack project would otherwise do for itself, done once before they start
 * (test/support/run-tests.mjs): synthesize the cloud assembly whose packaged functions the stacks serve, and build
 * the production web app the local edge serves (cached by its inputs, infra/local/edge/web-build.ts).
 *
 *   tsx test/support/prepare-stack.ts <assembly folder>
 *
 * The shards read the folder from PREPARED_ARTIFACTS_ENV; LEASEDESK_TEST_SOURCE=1 skips the synthesis and
 * LEASEDESK_WEB=dev the build, as stack-setup.ts would.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { consoleLog } from '@infra/local/log';

export const PREPARED_ARTIFACTS_ENV = 'LEASEDESK_TEST_ARTIFACTS';

async function prepare(outdir: string): Promise<void> {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  if ((process.env.LEASEDESK_WEB || 'production') === 'production') {
    const { productionWebBuild } = await import('@infra/local/edge/web-build');
    await productionWebBuild(consoleLog);
    console.log(`Production web build ready in ${seconds()} s`);
  }
  if (process.env.LEASEDESK_TEST_SOURCE !== '1') {
    const { synthesizeArtifacts } = await import('@infra/local/artifacts/synthesize');
    synthesizeArtifacts(outdir);
    console.log(`Synthesized ${outdir} in ${seconds()} s: the stacks serve its functions`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2];
  if (!outdir) throw new Error('usage: tsx test/support/prepare-stack.ts <assembly folder>');
  await prepare(resolve(outdir));
}
