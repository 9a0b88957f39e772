/**
 * Builds the web app into web/dist: one Vite build per HTML entry (web/vite.config.ts, WEB_ENTRIES), so each page
 * is tree-shaken for itself and a public page carries none of what only the staff app uses.
 *
 *   npm run build:web
 *
 * test/bench/web-bundles.ts builds the same way (buildWeb) to measure each page's first load.
 */
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { WEB_ENTRIES, WEB_ENTRY_ENV, type WebEntry } from '../../web/vite.config';

export { WEB_ENTRIES, type WebEntry };

const CONFIG_FILE = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

/** The manifest each entry's build writes (in `.vite/` of the output folder), when asked for one. */
export const manifestFile = (entry: WebEntry) => `.vite/manifest-${entry}.json`;

/**
 * Runs the builds one after the other into one folder (emptied by the first). `overrides` is merged into each
 * build's configuration; `manifest: true` writes each entry's manifest to manifestFile(entry).
 */
export async function buildWeb(overrides: InlineConfig = {}, options: { manifest?: boolean } = {}): Promise<void> {
  const before = process.env[WEB_ENTRY_ENV];
  try {
    let first = true;
    for (const entry of Object.keys(WEB_ENTRIES) as WebEntry[]) {
      // The configuration reads the entry when Vite loads it, at the start of build().
      process.env[WEB_ENTRY_ENV] = entry;
      await build({
        configFile: CONFIG_FILE,
        mode: 'production',
        ...overrides,
        build: {
          ...overrides.build,
          emptyOutDir: first && (overrides.build?.emptyOutDir ?? true),
          manifest: options.manifest ? manifestFile(entry) : false,
        },
      });
      first = false;
    }
  } finally {
    if (before === undefined) delete process.env[WEB_ENTRY_ENV];
    else process.env[WEB_ENTRY_ENV] = before;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWeb();
