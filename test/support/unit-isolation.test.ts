import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UNIT_FILES, UNIT_FILES_REPLACING_MODULES } from './unit-projects';

/** The unit globs' few forms (`**` + `/`, `*`, `{a,b}`) as a regular expression over a path from the repository root. */
function globPattern(glob: string): RegExp {
  let pattern = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (glob.startsWith('**/', index)) {
      pattern += '(?:.*/)?';
      index += 2;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '{') pattern += '(?:';
    else if (char === '}') pattern += ')';
    else if (char === ',') pattern += '|';
    else pattern += char.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

const REPLACES_A_MODULE = /\bvi\.(?:mock|doMock|unmock|resetModules)\(/;

/** Every file the unit globs take (int tests are the stack project's). */
function unitTestFiles(): string[] {
  const globs = UNIT_FILES.map(globPattern);
  const roots = new Set(UNIT_FILES.map((glob) => glob.slice(0, glob.indexOf('/**'))));
  return [...roots].flatMap((root) =>
    (readdirSync(root, { recursive: true }) as string[])
      .map((file) => `${root}/${file}`)
      .filter((file) => !file.includes('node_modules') && !file.endsWith('.int.test.ts'))
      .filter((file) => globs.some((glob) => glob.test(file))),
  );
}

describe('the unit projects', () => {
  it('run every unit file that replaces a module in a module registry of its own', () => {
    const isolated = UNIT_FILES_REPLACING_MODULES.map(globPattern);
    const replacing = unitTestFiles().filter((file) => REPLACES_A_MODULE.test(readFileSync(file, 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !isolated.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it('read the globs as vitest does for the forms they use', () => {
    expect(globPattern('**/entities.test.ts').test('functions/domain/data/entities.test.ts')).toBe(true);
    expect(globPattern('**/entities.test.ts').test('functions/lib/data/other.test.ts')).toBe(false);
    expect(globPattern('web/src/**/*.test.{ts,tsx}').test('web/src/a/b.test.tsx')).toBe(true);
    expect(globPattern('web/src/lib/config.test.ts').test('web/src/lib/configXtest.ts')).toBe(false);
  });
});
