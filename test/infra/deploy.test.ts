/**
 * The deploy command (`npm run deploy -- -c stage=<stage>`) and what it uploads: the web build first, then every
 * stack with the caller's arguments; the web build's source maps kept out of the folder the site bucket receives.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@infra/constructs/paths';
import { setAsideSourceMaps, sourceMapsDirOf } from '@infra/scripts/build-web';

const packageJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('npm run deploy', () => {
  it('builds the web app, then deploys every stack with the arguments given after --', () => {
    // npm appends `-- <args>` to the end of the script: the last command must be the cdk deploy.
    const steps = packageJson.scripts.deploy.split('&&').map((step) => step.trim());

    expect(steps).toEqual(['npm run build:web', 'cdk deploy --all']);
  });
});

describe('web source maps', () => {
  let temp: string | undefined;
  afterEach(() => {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  });

  it('are moved out of the deployed folder to the same paths beside it', () => {
    // Arrange: a build folder as Vite leaves it.
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'leasedesk-web-'));
    const dist = path.join(temp, 'dist');
    const files = {
      'index.html': '<!doctype html>',
      'assets/index-abc.js': 'console.log(1)',
      'assets/index-abc.js.map': '{"version":3}',
      'assets/index-abc.css': 'body{}',
      'assets/nested/chunk-def.js.map': '{"version":3}',
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), text);
    }
    const maps = sourceMapsDirOf(dist);

    // Act
    const moved = setAsideSourceMaps(dist, maps);

    // Assert
    expect(maps).toBe(path.join(temp, 'dist-sourcemaps'));
    expect(moved.sort()).toEqual([path.join('assets', 'index-abc.js.map'), path.join('assets', 'nested', 'chunk-def.js.map')]);
    const left = fs.readdirSync(dist, { recursive: true }).map(String);
    expect(left.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(['index.html', path.join('assets', 'index-abc.js')]));
    expect(fs.readFileSync(path.join(maps, 'assets', 'nested', 'chunk-def.js.map'), 'utf8')).toBe('{"version":3}');
  });
});
