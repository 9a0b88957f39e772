/**
 * The web app: Vite's dev server created from web/vite.config.ts, with the runtime configuration the SPA
 * fetches as /config.json passed through LEASEDESK_WEB_CONFIG (served by the config's plugin).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { WebConfig } from '@shared/config/web-config';
import type { StackInfo } from './config';

export const WEB_CONFIG_ENV = 'LEASEDESK_WEB_CONFIG';
const VITE_CONFIG = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

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

export async function startWeb(info: StackInfo): Promise<ViteDevServer> {
  if (!existsSync(VITE_CONFIG)) throw new Error(`The web app's Vite config is missing: ${VITE_CONFIG}`);
  process.env[WEB_CONFIG_ENV] = JSON.stringify(webConfig(info));
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: VITE_CONFIG,
    logLevel: 'warn',
    clearScreen: false,
    server: { port: info.ports.web, strictPort: true, host: '127.0.0.1', open: false },
  });
  await server.listen();
  return server;
}
