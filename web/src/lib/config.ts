/**
 * The runtime configuration (GET /config.json), fetched once before the app renders and validated with the
 * shared schema, so a stage is chosen by its deployment and not by its build.
 */
import { webConfigSchema, type WebConfig } from '@shared/config/web-config';

let config: WebConfig | undefined;
let pending: Promise<WebConfig> | undefined;

export function loadConfig(): Promise<WebConfig> {
  pending ??= fetchConfig().then((loaded) => {
    config = loaded;
    return loaded;
  });
  return pending;
}

async function fetchConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const parsed = webConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`/config.json is invalid: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The loaded configuration; main.tsx renders the app only after loadConfig() has resolved. */
export function getConfig(): WebConfig {
  if (!config) throw new Error('getConfig() was called before loadConfig() resolved');
  return config;
}
