import { describe, expect, it, vi } from 'vitest';
import { createSecretReader, type SecretFetch } from './secrets';
import { DependencyUnavailableError } from './unavailable';

describe('reading a secret', () => {
  it('uses a value given by the environment as it is (the local stack)', async () => {
    const fetchSecret = vi.fn();

    expect(await createSecretReader(fetchSecret, {}).read({ value: 'local-secret' })).toBe('local-secret');
    expect(fetchSecret).not.toHaveBeenCalled();
  });

  it("reads a named secret through the Lambda extension with the function's session token", async () => {
    const fetchSecret = vi.fn(() => Promise.resolve(Response.json({ SecretString: 'whsec_live' })));

    const value = await createSecretReader(fetchSecret, { AWS_SESSION_TOKEN: 'session' }).read({ secretId: 'leasedesk/dev/x' });

    expect(value).toBe('whsec_live');
    expect(fetchSecret).toHaveBeenCalledWith('http://localhost:2773/secretsmanager/get?secretId=leasedesk%2Fdev%2Fx', {
      headers: { 'X-Aws-Parameters-Secrets-Token': 'session' },
      signal: expect.any(AbortSignal),
    });
  });

  it('fails loudly when the extension refuses', async () => {
    const fetchSecret = vi.fn(() => Promise.resolve(new Response('denied', { status: 403 })));

    await expect(createSecretReader(fetchSecret, {}).read({ secretId: 's' })).rejects.toThrow('HTTP 403');
  });

  it('gives up on an extension that does not answer in time: the secret store is unavailable (503), nothing is done', async () => {
    // A fetch that never answers until it is aborted, as a hung extension or Secrets Manager would.
    const fetchSecret: SecretFetch = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

    const reading = createSecretReader(fetchSecret, {}, 20).read({ secretId: 's' });

    await expect(reading).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(reading).rejects.toMatchObject({ dependency: 'secrets' });
  });

  it('takes a 5xx of the extension as the secret store being unavailable', async () => {
    const fetchSecret = vi.fn(() => Promise.resolve(new Response('throttled', { status: 503 })));

    await expect(createSecretReader(fetchSecret, {}).read({ secretId: 's' })).rejects.toMatchObject({ dependency: 'secrets' });
  });
});
