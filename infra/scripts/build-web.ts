/**
 * Builds the web app into web/dist: one Vite build per HTML page of web/ (web/vite.config.ts, WEB_ENTRY_ENV), so
 * each page is tree-shaken for itself and a public page carries none of what only the staff app uses.
 *
 *   npm run build:web
 *
 * web/dist is what the web stack uploads to the public site bucket, so the source maps (hidden: no bundle names
 * them) are moved out of it into web/dist-sourcemaps/, same relative paths, for reading a browser stack trace
 * offline. Published, they would hand anyone the app's original source.
 *
 * test/bench/web-bundles.ts builds the same way (buildWeb) to measure each page's first load.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';

const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));
const CONFIG_FILE = `${WEB_ROOT}vite.config.ts`;
/** web/vite.config.ts reads the page to bundle from this variable when Vite loads it, at the start of build(). */
const WEB_ENTRY_ENV = 'LEASEDESK_WEB_ENTRY';

/** The HTML pages of web/ (index.html, get-quote.html, trending-deals-embed.html), each an entry of its own. */
export const webEntries = (): string[] => readdirSync(WEB_ROOT).filter((file) => file.endsWith('.html'));

/** The manifest a page's build writes (relative to the output folder), when asked for one. */
export const manifestFile = (html: string) => `.vite/manifest-${html.replace(/\.html$/, '')}.json`;

/**
 * Runs the builds one after the other into one folder (emptied by the first). `overrides` is merged into each
 * build's configuration; `manifest: true` writes each page's manifest to manifestFile(page).
 */
export async function buildWeb(overrides: InlineConfig = {}, options: { manifest?: boolean } = {}): Promise<void> {
  const before = process.env[WEB_ENTRY_ENV];
  // Vite keeps a NODE_ENV it finds set, and React then ships its development build (several times slower): a build
  // started inside a test run (vitest sets NODE_ENV=test) must be the production app all the same.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const outDir = resolve(WEB_ROOT, overrides.build?.outDir ?? 'dist');
  if (overrides.build?.emptyOutDir ?? true) rmSync(sourceMapsDirOf(outDir), { recursive: true, force: true });
  try {
    let first = true;
    for (const html of webEntries()) {
      process.env[WEB_ENTRY_ENV] = html;
      await build({
        configFile: CONFIG_FILE,
        mode: 'production',
        ...overrides,
        build: {
          ...overrides.build,
          emptyOutDir: first && (overrides.build?.emptyOutDir ?? true),
          manifest: options.manifest ? manifestFile(html) : false,
        },
      });
      first = false;
    }
    setAsideSourceMaps(outDir, sourceMapsDirOf(outDir));
  } finally {
    if (before === undefined) delete process.env[WEB_ENTRY_ENV];
    else process.env[WEB_ENTRY_ENV] = before;
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Where the source maps of a build folder go: beside it, `<folder>-sourcemaps` (web/dist -> web/dist-sourcemaps). */
export const sourceMapsDirOf = (outDir: string) => `${resolve(outDir)}-sourcemaps`;

/** Moves every `*.map` file under `outDir` to the same relative path under `mapsDir`; returns the moved paths. */
export function setAsideSourceMaps(outDir: string, mapsDir: string): string[] {
  const maps = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.map'))
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)));
  for (const map of maps) {
    mkdirSync(dirname(join(mapsDir, map)), { recursive: true });
    renameSync(join(outDir, map), join(mapsDir, map));
  }
  return maps;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWeb();
