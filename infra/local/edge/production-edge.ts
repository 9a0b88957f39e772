/**
 * The web app as it deploys, on the local stack's web port: the production build served with the headers, paths,
 * rewrites and SPA fallback of the CloudFront distribution CDK synthesizes, and config.json written with the local
 * stack's values the way the web stack's BucketDeployment writes the stage's. See docs/operations.md.
 */
import type { WebConfig } from '@shared/config/web-config';
import type { StackInfo } from '../config';
import { closeServer, listen } from '../http';
import type { StackLog } from '../log';
import { synthesizeDistribution } from './distribution';
import { createEdgeServer } from './edge-server';
import { localContentSecurityPolicy, localOriginMap } from './local-origins';
import { siteBucket } from './site-bucket';
import { productionWebBuild } from './web-build';

export interface ProductionEdge {
  close(): Promise<void>;
}

export async function startProductionEdge(info: StackInfo, config: WebConfig, log: StackLog): Promise<ProductionEdge> {
  const buildDir = await productionWebBuild(log);
  const distribution = synthesizeDistribution();
  const origins = localOriginMap(distribution.deployed, info);
  const server = createEdgeServer(
    distribution,
    {
      site: siteBucket(buildDir, {
        'config.json': { body: Buffer.from(JSON.stringify(config)), contentType: 'application/json' },
      }),
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
