import { afterEach, describe, expect, it, vi } from 'vitest';

const valid = {
  stage: 'local',
  region: 'us-east-1',
  apiUrl: 'http://localhost:3001',
  userPoolId: 'us-east-1_LeaseDesk1',
  userPoolClientId: 'leasedesklocalwebclient001',
  companyEmailDomain: 'leasedesk.com',
};

function serveConfig(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A fresh module each time: the configuration is loaded once per page. */
const freshConfigModule = async () => {
  vi.resetModules();
  return import('./config');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadConfig', () => {
  it('fetches /config.json once and then serves it synchronously', async () => {
    const fetch = serveConfig(200, valid);
    const { loadConfig, getConfig } = await freshConfigModule();
    await expect(loadConfig()).resolves.toEqual(valid);
    await loadConfig();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(['/config.json', expect.anything()]);
    expect(getConfig().apiUrl).toBe('http://localhost:3001');
  });

  it('rejects a configuration that does not match the shared schema, naming the field', async () => {
    serveConfig(200, { ...valid, apiUrl: 'not a url' });
    const { loadConfig } = await freshConfigModule();
    await expect(loadConfig()).rejects.toThrow(/apiUrl/);
  });

  it('rejects when /config.json is missing', async () => {
    serveConfig(404, 'not found');
    const { loadConfig } = await freshConfigModule();
    await expect(loadConfig()).rejects.toThrow('GET /config.json answered 404');
  });

  it('refuses to hand out the configuration before it is loaded', async () => {
    const { getConfig } = await freshConfigModule();
    expect(() => getConfig()).toThrow(/before loadConfig/);
  });
});
