/**
 * The one logger of every function: one JSON line per entry on stdout (CloudWatch Logs keeps each line as an
 * event, and Logs Insights reads its fields), with `level`, `message`, `timestamp`, `service` and the entry's
 * own fields.
 *
 * It is ours rather than a library's because it is on every cold start: a structured-logging library cost about
 * 5 ms of module init in every function (docs/bench.md), and all the product needs is levels, redaction and JSON.
 *
 * A replacer redacts values under keys that carry secrets or private locations (tokens, passwords,
 * authorization headers, licence document paths and signed URLs), so that logging an object by mistake
 * cannot leak them. Errors are written with their name, message and stack. The request log line is written by
 * the HTTP factory, never with bodies or headers. `LOG_LEVEL` (DEBUG, INFO, WARN, ERROR; INFO when unset)
 * drops the entries below it.
 */
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

const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

/** The entry's fields, as JSON.stringify writes them: redacted, errors spelled out, bigints as strings. */
function replacer(key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === 'bigint') return value.toString();
  return redactSensitive(key, value);
}

export interface LoggerOptions {
  service: string;
  /** The lowest level written; an unknown name means INFO. */
  level?: string;
  /** Where each JSON line goes (stdout in a function). */
  write?: (line: string) => void;
  clock?: () => Date;
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger({
  service,
  level,
  write = (line) => process.stdout.write(`${line}\n`),
  clock = () => new Date(),
}: LoggerOptions): Logger {
  const threshold = LEVELS[(level?.toUpperCase() ?? 'INFO') as LogLevel] ?? LEVELS.INFO;
  const log = (entryLevel: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[entryLevel] < threshold) return;
    const entry = { level: entryLevel, message, timestamp: clock().toISOString(), service, ...fields };
    let line: string;
    try {
      line = JSON.stringify(entry, replacer);
    } catch {
      // A circular value: the entry still says what happened, without its fields.
      line = JSON.stringify({ level: entryLevel, message, timestamp: entry.timestamp, service, fields: '[unserializable]' });
    }
    write(line);
  };
  return { debug: log('DEBUG'), info: log('INFO'), warn: log('WARN'), error: log('ERROR') };
}

export const logger: Logger = createLogger({
  service: process.env.SERVICE_NAME ?? 'leasedesk',
  level: process.env.LOG_LEVEL,
});
