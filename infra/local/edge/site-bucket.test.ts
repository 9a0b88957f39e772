import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBucket, type SiteBucket } from './site-bucket';

let dir: string;
let bucket: SiteBucket;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'leasedesk-site-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html>');
  await writeFile(join(dir, 'assets', 'index-abc.js'), 'export {}');
  await writeFile(join(dir, 'assets', 'index-abc.js.map'), '{}');
  await writeFile(join(dir, 'config.json'), '{"stage":"from-the-build"}');
  bucket = siteBucket(join(dir), { 'config.json': { body: Buffer.from('{"stage":"local"}'), contentType: 'application/json' } });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the site bucket', () => {
  it("answers the build's objects with the type the upload sets", async () => {
    await expect(bucket('index.html')).resolves.toMatchObject({ contentType: 'text/html' });
    await expect(bucket('assets/index-abc.js')).resolves.toMatchObject({ contentType: 'text/javascript' });
    await expect(bucket('assets/index-abc.js.map')).resolves.toMatchObject({ contentType: 'binary/octet-stream' });
  });

  it("answers config.json as the deployment writes it, not the build's", async () => {
    expect((await bucket('config.json'))?.body.toString()).toBe('{"stage":"local"}');
  });

  it.each([
    '',
    'assets',
    'assets/',
    'missing.js',
    'assets/../index.html',
    './index.html',
    '../package.json',
    'assets//index-abc.js',
  ])('has no object %j', async (key) => {
    await expect(bucket(key)).resolves.toBeUndefined();
  });
});
