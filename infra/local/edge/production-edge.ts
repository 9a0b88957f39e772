/**
 * The web app as it deploys, on the local stack's web port: the production build served with the headers, paths,
 * rewrites and SPA fallback of the CloudFront distribution CDK synthesizes, and config.json written with the local
 * stack's values the way the web stack's BucketDeployment writes the stage's. See docs/operations.md. The site
 * bucket's objects written at run time (the rank-trending job's trending embed page) live on s3rver, read before the
 * build; the built embed page is put there too, as the deployment uploads it, for the job to fill.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WebConfig } from '@shared/config/web-config';
import { EMBED_BUILT_KEY } from '@shared/marketplace/trending-embed';
import type { StackInfo } from '../config';
import { closeServer, listen } from '../http';
import type { StackLog } from '../log';
import { synthesizeDistribution } from './distribution';
import { createEdgeServer } from './edge-server';
import { localContentSecurityPolicy, localOriginMap } from './local-origins';
import { objectsOnS3, siteBucket, uploadToS3 } from './site-bucket';
import { productionWebBuild } from './web-build';

export interface ProductionEdge {
  close(): Promise<void>;
}

export async function startProductionEdge(info: StackInfo, config: WebConfig, log: StackLog): Promise<ProductionEdge> {
  const buildDir = await productionWebBuild(log);
  // As the deployment does, the built embed page goes into the bucket, where the rank-trending job reads it.
  const siteBucketUrl = `${info.urls.s3}/${info.buckets.site}`;
  await uploadToS3(siteBucketUrl, EMBED_BUILT_KEY, await readFile(join(buildDir, EMBED_BUILT_KEY)), 'text/html');
  const distribution = synthesizeDistribution();
  const origins = localOriginMap(distribution.deployed, info);
  const server = createEdgeServer(
    distribution,
    {
      site: siteBucket(
        buildDir,
        { 'config.json': { body: Buffer.from(JSON.stringify(config)), contentType: 'application/json' } },
        objectsOnS3(siteBucketUrl),
      ),
      bucketUrl: {
        dealImages: `${info.urls.s3}/${info.buckets.dealImages}`,
        brokerPhotos: `${info.urls.s3}/${info.buckets.brokerPhotos}`,
        brokerLicences: `${info.urls.s3}/${info.buckets.brokerLicences}`,
      },
      apiUrl: info.urls.api,
    },
    (templateCsp) => localContentSecurityPolicy(templateCsp, origins),
  );
  await listen(server, info.ports.web);
  log('web', `production edge on ${info.urls.web} (the synthesized distribution's behaviours and headers)`);
  return { close: () => closeServer(server) };
}
