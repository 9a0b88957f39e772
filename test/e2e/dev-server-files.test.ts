/**
 * A security finding (docs/security.md, "Fixed"): the Vite dev server served the whole checkout through `/@fs/`,
 * `.local/` included (the local Cognito pool: every user's password hash and refresh token). It now serves web/,
 * shared/ and node_modules only, and refuses secrets wherever they sit. Requests go out raw (no URL normalisation), as
 * a hostile page's would. The dev server checked is one of its own, as `npm start` creates it: the test stack serves
 * the production build.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@infra/local/ports';
import { startDevServer } from '@infra/local/web';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const PROBE_DIR = `${REPO_ROOT}/.local/e2e-fs-probe`;
const SECRET = 'e2e-fs-probe-secret';
let devServer: ViteDevServer | undefined;
let port = 0;

/** GET the path exactly as written (Node does not normalise `..` or encodings), answering status and body. */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  port = await freePort();
  devServer = await startDevServer(port);
  await mkdir(PROBE_DIR, { recursive: true });
  await writeFile(`${PROBE_DIR}/pool.json`, JSON.stringify({ Users: { probe: { Password: SECRET } } }));
  await writeFile(`${REPO_ROOT}/web/.env.e2e-probe`, `SECRET=${SECRET}\n`);
});

afterAll(async () => {
  await devServer?.close();
  await rm(PROBE_DIR, { recursive: true, force: true });
  await rm(`${REPO_ROOT}/web/.env.e2e-probe`, { force: true });
});

describe('the dev server', () => {
  it.each([
    ['a file under .local/ through /@fs/', `/@fs${PROBE_DIR}/pool.json`],
    ['the same with ?raw', `/@fs${PROBE_DIR}/pool.json?raw`],
    ['the same with ?import&raw', `/@fs${PROBE_DIR}/pool.json?import&raw`],
    ['the same with ?url', `/@fs${PROBE_DIR}/pool.json?url`],
    ['the same through a climbing path', `/@fs${REPO_ROOT}/web/../.local/e2e-fs-probe/pool.json`],
    ['the same with an encoded climb', `/@fs${REPO_ROOT}/web/%2e%2e/.local/e2e-fs-probe/pool.json`],
    ['the same from the app root', `/../.local/e2e-fs-probe/pool.json`],
    ['a .env file inside web/', '/.env.e2e-probe'],
    ['a .env file inside web/ through /@fs/', `/@fs${REPO_ROOT}/web/.env.e2e-probe?raw`],
  ])('refuses %s', async (_what, path) => {
    const { status, type, body } = await get(path);
    expect(body).not.toContain(SECRET);
    // Refused outright, or (for a path that resolves inside web/ to nothing) answered with the app's own page.
    if (status === 200) expect(type).toMatch(/^text\/html/);
    else expect([403, 404]).toContain(status);
  });

  it.each([
    ['the repository root (package.json)', `/@fs${REPO_ROOT}/package.json`],
    ['the infrastructure code', `/@fs${REPO_ROOT}/infra/local/config.ts`],
    // A worktree's .git is a file; a checkout's a folder.
    ['the git metadata', existsSync(`${REPO_ROOT}/.git/config`) ? `/@fs${REPO_ROOT}/.git/config` : `/@fs${REPO_ROOT}/.git`],
    ['a file outside the checkout', '/@fs/etc/passwd'],
  ])('refuses %s with 403', async (_what, path) => {
    const { status, body } = await get(path);
    expect(status).toBe(403);
    expect(body).not.toMatch(/"name": "leasedesk"|LOCAL_DATA_DIR|root:x:0:0/);
  });

  it('still serves what the app needs: its own modules, the shared code and the packages', async () => {
    await expect(get('/src/main.tsx')).resolves.toMatchObject({ status: 200 });
    await expect(get(`/@fs${REPO_ROOT}/shared/constants.ts`)).resolves.toMatchObject({ status: 200 });
    await expect(get('/@vite/client')).resolves.toMatchObject({ status: 200 });
  });
});
