/**
 * Secrets at run time. In AWS a function's environment names a Secrets Manager secret (`..._ID`), never its value:
 * the value is read through the AWS Parameters and Secrets Lambda extension (a layer the API stack attaches), which
 * caches it (so a rotation reaches running containers within the extension's TTL) and needs no SDK client in the
 * bundle. Locally the environment carries the value itself.
 */
import type { SecretSource } from './config';

/** The extension's endpoint inside the Lambda sandbox (its default port). */
const EXTENSION_URL = 'http://localhost:2773/secretsmanager/get';

export type SecretFetch = (url: string, init: { headers: Record<string, string> }) => Promise<Response>;

export function createSecretReader(fetchSecret: SecretFetch = fetch, env: Record<string, string | undefined> = process.env) {
  return {
    async read(source: SecretSource): Promise<string> {
      if ('value' in source) return source.value;
      const response = await fetchSecret(`${EXTENSION_URL}?secretId=${encodeURIComponent(source.secretId)}`, {
        // The extension only answers callers presenting the function's own session token.
        headers: { 'X-Aws-Parameters-Secrets-Token': env.AWS_SESSION_TOKEN ?? '' },
      });
      if (!response.ok) throw new Error(`Secret ${source.secretId} could not be read: HTTP ${response.status}`);
      const body = (await response.json()) as { SecretString?: string };
      if (!body.SecretString) throw new Error(`Secret ${source.secretId} has no string value`);
      return body.SecretString;
    },
  };
}

export type SecretReader = ReturnType<typeof createSecretReader>;

let shared: SecretReader | undefined;
export function defaultSecrets(): SecretReader {
  shared ??= createSecretReader();
  return shared;
}
