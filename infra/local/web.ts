/**
 * The web app on the stack's web port, in one of two modes:
 * - `dev` (npm start): Vite's dev server from web/vite.config.ts, hot reload, with the runtime configuration the SPA
 *   fetches as /config.json passed through LEASEDESK_WEB_CONFIG (served by the config's plugin), and /deal-images/
 *   forwarded to the local deal-images bucket as CloudFront forwards it in AWS;
 * - `production` (the test suites by default): the production build behind the local production edge, which answers
 *   as the synthesized CloudFront distribution does, headers and CSP included (edge/production-edge.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WebConfig } from '@shared/config/web-config';
import { DEAL_IMAGES_WEB_PATH, type StackInfo } from './config';
import { consoleLog, type StackLog } from './log';

export const WEB_CONFIG_ENV = 'LEASEDESK_WEB_CONFIG';
const VITE_CONFIG = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

export const WEB_MODES = ['dev', 'production'] as const;
export type WebMode = (typeof WEB_MODES)[number];

export function webConfig(info: StackInfo): WebConfig {
  return {
    stage: 'local',
    region: info.region,
    apiUrl: info.urls.api,
    userPoolId: info.userPoolId,
    userPoolClientId: info.userPoolClientId,
    cognitoEndpoint: info.urls.cognito,
    companyEmailDomain: info.companyEmailDomain,
    mailboxUrl: info.urls.mailbox,
  };
}

export interface WebServer {
  close(): Promise<void>;
}

/** Vite's dev server on `port`; with the stack's info it serves /config.json and /deal-images/ for that stack. */
export async function startDevServer(port: number, info?: StackInfo) {
  if (!existsSync(VITE_CONFIG)) throw new Error(`The web app's Vite config is missing: ${VITE_CONFIG}`);
  if (info) process.env[WEB_CONFIG_ENV] = JSON.stringify(webConfig(info));
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: VITE_CONFIG,
    logLevel: 'warn',
    clearScreen: false,
    server: {
      port,
      strictPort: true,
      host: '127.0.0.1',
      open: false,
      proxy: info && {
        [`${DEAL_IMAGES_WEB_PATH}/`]: {
          target: info.urls.s3,
          changeOrigin: true,
          rewrite: (path) => `/${info.buckets.dealImages}${path.slice(DEAL_IMAGES_WEB_PATH.length)}`,
        },
      },
    },
  });
  await server.listen();
  return server;
}

export async function startWeb(
  info: StackInfo,
  { mode = 'dev', log = consoleLog }: { mode?: WebMode; log?: StackLog } = {},
): Promise<WebServer> {
  if (mode === 'dev') return startDevServer(info.ports.web, info);
  // Loaded only here: it synthesizes the CDK app, which `npm start` never needs.
  const { startProductionEdge } = await import('./edge/production-edge');
  return startProductionEdge(info, webConfig(info), log);
}
