import { describe, expect, it, vi } from 'vitest';
import { createSecretReader } from './secrets';

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
    });
  });

  it('fails loudly when the extension refuses', async () => {
    const fetchSecret = vi.fn(() => Promise.resolve(new Response('denied', { status: 403 })));

    await expect(createSecretReader(fetchSecret, {}).read({ secretId: 's' })).rejects.toThrow('HTTP 403');
  });
});
