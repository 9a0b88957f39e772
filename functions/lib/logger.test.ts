import { describe, expect, it } from 'vitest';
import { createLogger, redactSensitive } from './logger';

describe('redactSensitive', () => {
  it('redacts tokens, passwords, authorization headers and licence locations', () => {
    for (const key of [
      'password',
      'idToken',
      'refresh_token',
      'Authorization',
      'licenseDocumentUrl',
      'license_document_url',
      'signedUrl',
      'X-Amz-Signature',
      'Policy',
    ]) {
      expect(redactSensitive(key, 'value'), key).toBe('[redacted]');
    }
  });

  it('keeps everything else, and the top-level object itself', () => {
    expect(redactSensitive('route', 'GET /me')).toBe('GET /me');
    expect(redactSensitive('status', 200)).toBe(200);
    const root = { password: 'x' };
    expect(redactSensitive('', root)).toBe(root);
  });
});

describe('createLogger', () => {
  const at = new Date('2026-11-25T12:00:00.000Z');
  function capture(level?: string) {
    const lines: string[] = [];
    const logger = createLogger({ service: 'deals', level, write: (line) => lines.push(line), clock: () => at });
    return { logger, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it('writes one JSON line per entry with its level, message, time, service and fields', () => {
    const { logger, entries } = capture();
    logger.info('deal saved', { dealId: 'd1', revision: 3 });
    expect(entries()).toEqual([
      {
        level: 'INFO',
        message: 'deal saved',
        timestamp: '2026-11-25T12:00:00.000Z',
        service: 'deals',
        dealId: 'd1',
        revision: 3,
      },
    ]);
  });

  it('drops entries below LOG_LEVEL, and reads an unknown level as INFO', () => {
    const warnOnly = capture('warn');
    warnOnly.logger.debug('a');
    warnOnly.logger.info('b');
    warnOnly.logger.warn('c');
    warnOnly.logger.error('d');
    expect(warnOnly.entries().map((entry) => entry.message)).toEqual(['c', 'd']);

    const unknown = capture('chatty');
    unknown.logger.debug('a');
    unknown.logger.info('b');
    expect(unknown.entries().map((entry) => entry.message)).toEqual(['b']);
  });

  it('redacts secrets at any depth and never writes them', () => {
    const { logger, entries } = capture();
    logger.info('sign-in', { user: { email: 'a@example.com', password: 'hunter2' }, headers: { Authorization: 'Bearer x' } });
    expect(entries()[0]).toMatchObject({
      user: { email: 'a@example.com', password: '[redacted]' },
      headers: { Authorization: '[redacted]' },
    });
    expect(JSON.stringify(entries())).not.toContain('hunter2');
  });

  it('spells out errors with name, message and stack', () => {
    const { logger, entries } = capture();
    const failure = new TypeError('boom');
    logger.error('route failed', { error: failure });
    expect(entries()[0]!.error).toEqual({ name: 'TypeError', message: 'boom', stack: failure.stack });
  });

  it('still writes the message when a field cannot be serialized', () => {
    const { logger, entries } = capture();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    logger.warn('odd input', { circular });
    expect(entries()).toEqual([
      {
        level: 'WARN',
        message: 'odd input',
        timestamp: '2026-11-25T12:00:00.000Z',
        service: 'deals',
        fields: '[unserializable]',
      },
    ]);
  });
});
