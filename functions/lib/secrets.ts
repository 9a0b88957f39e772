/**
 * Secrets at run time. In AWS a function's environment names a Secrets Manager secret (`..._ID`), never its value:
 * the value is read through the AWS Parameters and Secrets Lambda extension (a layer the API stack attaches), which
 * caches it (so a rotation reaches running containers within the extension's TTL) and needs no SDK client in the
 * bundle. Locally the environment carries the value itself.
 */
import type { SecretSource } from './config';
import { DependencyUnavailableError } from './unavailable';

/** The extension's endpoint inside the Lambda sandbox (its default port). */
const EXTENSION_URL = 'http://localhost:2773/secretsmanager/get';

export type SecretFetch = (url: string, init: { headers: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;

/** The extension answers from its cache in microseconds, and from Secrets Manager within a second or two. */
export const SECRET_READ_TIMEOUT_MS = 3_000;

/**
 * The extension (or Secrets Manager behind it) not answering, or answering 5xx, is a DependencyUnavailableError:
 * the caller gets a 503 and nothing is written (a webhook's sender retries). A 4xx (no such secret, not allowed) is a
 * deployment defect and stays an error.
 */
export function createSecretReader(
  fetchSecret: SecretFetch = fetch,
  env: Record<string, string | undefined> = process.env,
  timeoutMs = SECRET_READ_TIMEOUT_MS,
) {
  return {
    async read(source: SecretSource): Promise<string> {
      if ('value' in source) return source.value;
      let response: Response;
      try {
        response = await fetchSecret(`${EXTENSION_URL}?secretId=${encodeURIComponent(source.secretId)}`, {
          // The extension only answers callers presenting the function's own session token.
          headers: { 'X-Aws-Parameters-Secrets-Token': env.AWS_SESSION_TOKEN ?? '' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new DependencyUnavailableError('secrets', error);
      }
      if (response.status >= 500) {
        throw new DependencyUnavailableError('secrets', new Error(`Secret ${source.secretId}: HTTP ${response.status}`));
      }
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
