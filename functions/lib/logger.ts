/**
 * The one logger of every function: structured JSON through Powertools.
 *
 * A replacer redacts values under keys that carry secrets or private locations (tokens, passwords,
 * authorization headers, licence document paths and signed URLs), so that logging an object by mistake
 * cannot leak them. The request log line is written by the HTTP factory, never with bodies or headers.
 */
import { Logger } from '@aws-lambda-powertools/logger';

const REDACTED = '[redacted]';

/** Lower-cased key fragments whose values are never written. */
const SENSITIVE_KEY_PARTS = [
  'password',
  'token',
  'authorization',
  'cookie',
  'secret',
  'licensedocument',
  'licencedocument',
  'signedurl',
  'presigned',
  'x-amz-signature',
  'policy',
] as const;

export function isSensitiveKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[_\s]/g, '');
  return SENSITIVE_KEY_PARTS.some((part) => normalized.includes(part));
}

export function redactSensitive(key: string, value: unknown): unknown {
  return key && value !== undefined && value !== null && isSensitiveKey(key) ? REDACTED : value;
}

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'leasedesk',
  jsonReplacerFn: redactSensitive,
});
