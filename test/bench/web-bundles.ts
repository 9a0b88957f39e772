/**
 * Budget: JavaScript on first load, gzipped: each public page its own (test/e2e/page-weight.ts: the proposal link
 * 60 KB, the trending embed 20 KB, the quote wizard 70 KB; the browser suite asserts the same numbers on what the
 * page really transfers), the staff app under 250 KB.
 *
 * Runs the production build (infra/scripts/build-web.ts: one build per HTML entry) into a temporary folder with a
 * manifest per entry, and adds up, per page, the gzipped size of the chunks a browser loads before the page shows:
 * - the entry chunk of index.html and its static imports (every page);
 * - the page's own chunk and its static imports, found from its route in web/src/app/router.tsx
 *   (`<Route path="…" element={<Page />}>` and `const Page = lazy(() => import('…'))`);
 * - for the staff pages, Amplify, which the route guard and the sign-in form load at once (web/src/lib/amplify.ts).
 * A page with its own HTML entry (the quote wizard, web/get-quote.html; the trending embed,
 * web/trending-deals-embed.html; a proposal link, web/proposal.html) loads that entry's chunks only. A public page whose route is not in the router yet
 * is reported as not built yet. The same build then serves the public pages' LCP measurement (web-lcp.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest, Plugin } from 'vite';
import { buildWeb, manifestFile } from '@infra/scripts/build-web';
import { PUBLIC_PAGE_JS_BUDGETS } from '@test/e2e/page-weight';
import { kb, type BudgetRow } from './report';
import { benchPublicLcp } from './web-lcp';

const WEB_ROOT = new URL('../../web/', import.meta.url).pathname;
const ROUTER = join(WEB_ROOT, 'src/app/router.tsx');
const STAFF_LIMIT = 250 * 1024;
/** Dynamic imports that a staff page starts on first load: the session (Amplify). */
const SESSION_MODULES = /node_modules\/aws-amplify\//;

interface Page {
  label: string;
  /** The route's path in router.tsx ('' for the index route). */
  route?: string;
  /** Or the page's own HTML entry, relative to web/. */
  entry?: string;
  audience: 'public' | 'staff';
  /** A public page's budget (bytes, gzipped). */
  limit?: number;
}

const PAGES: Page[] = [
  { label: '/proposal/{token}', entry: 'proposal.html', audience: 'public', limit: PUBLIC_PAGE_JS_BUDGETS.proposal },
  { label: '/get-quote (quote wizard)', entry: 'get-quote.html', audience: 'public', limit: PUBLIC_PAGE_JS_BUDGETS.quote },
  { label: '/trending-deals-embed', entry: 'trending-deals-embed.html', audience: 'public', limit: PUBLIC_PAGE_JS_BUDGETS.embed },
  { label: '/auth (signed out)', route: 'auth', audience: 'staff' },
  { label: '/ (dashboard, signed in)', route: '', audience: 'staff' },
  { label: '/marketplace', route: 'marketplace', audience: 'staff' },
  { label: '/marketplace/new', route: 'marketplace/new', audience: 'staff' },
  { label: '/marketplace/{id}', route: 'marketplace/:id', audience: 'staff' },
];

/** Records, per output chunk, how many rendered (pre-minification) bytes each package contributed. */
function moduleSizes(into: Map<string, Map<string, number>>): Plugin {
  return {
    name: 'bench-module-sizes',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const owners = new Map<string, number>();
        for (const [id, module] of Object.entries(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const owner = match ? match[1] : relative(WEB_ROOT, id).split('/').slice(0, 2).join('/');
          owners.set(owner, (owners.get(owner) ?? 0) + module.renderedLength);
        }
        into.set(chunk.fileName, owners);
      }
    },
  };
}

/** The module a route renders, relative to web/ as the manifest keys it; null when the route is not in the router. */
function pageModule(routerSource: string, route: string): { module: string | null } | null {
  const routePattern =
    route === '' ? String.raw`<Route\s+index\s+element=\{<(\w+)` : String.raw`<Route\s+path="/?${route}"\s+element=\{<(\w+)`;
  const component = new RegExp(routePattern).exec(routerSource)?.[1];
  if (!component) return null;
  const lazyImport = new RegExp(String.raw`const\s+${component}\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'`).exec(
    routerSource,
  )?.[1];
  if (!lazyImport) return { module: null }; // rendered from the entry chunk itself
  const base = lazyImport.startsWith('@web/')
    ? join(WEB_ROOT, 'src', lazyImport.slice('@web/'.length))
    : join(dirname(ROUTER), lazyImport);
  const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
  if (!file) throw new Error(`router.tsx imports ${lazyImport}, which does not exist`);
  return { module: relative(WEB_ROOT, file) };
}

/** The JS files of `keys` and of everything they import statically. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

function largestPackages(files: Set<string>, sizes: Map<string, Map<string, number>>, count = 3): string {
  const totals = new Map<string, number>();
  for (const file of files) {
    for (const [owner, bytes] of sizes.get(file) ?? []) totals.set(owner, (totals.get(owner) ?? 0) + bytes);
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, bytes]) => `${owner} ${Math.round((bytes / all) * 100)}%`)
    .join(', ');
}

export async function benchWebBundles(): Promise<BudgetRow[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'leasedesk-bench-web-'));
  try {
    const sizes = new Map<string, Map<string, number>>();
    await buildWeb(
      { logLevel: 'error', plugins: [moduleSizes(sizes)], build: { outDir, emptyOutDir: true, sourcemap: false } },
      { manifest: true },
    );
    const manifestOf = async (html: string) => JSON.parse(await readFile(join(outDir, manifestFile(html)), 'utf8')) as Manifest;
    const manifest = await manifestOf('index.html');
    const gzipped = new Map<string, number>();
    const gzipSize = async (file: string) => {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(await readFile(join(outDir, file))).length);
      return gzipped.get(file)!;
    };
    const total = async (files: Set<string>) => (await Promise.all([...files].map(gzipSize))).reduce((a, b) => a + b, 0);

    const entryKey = 'index.html';
    if (!manifest[entryKey]?.isEntry) throw new Error('the Vite manifest has no entry chunk for index.html');
    const entryFiles = staticClosure(manifest, [entryKey]);
    const sessionKeys = (manifest[entryKey].dynamicImports ?? []).filter((key) => SESSION_MODULES.test(key));
    const entryBytes = await total(entryFiles);
    const routerSource = await readFile(ROUTER, 'utf8');

    const rows: BudgetRow[] = [
      {
        budget: 'web first load',
        subject: 'staff app entry (index.html, every page)',
        measured: `${kb(entryBytes)} gz`,
        limit: `< ${kb(STAFF_LIMIT)}`,
        pass: entryBytes < STAFF_LIMIT,
        note: `${entryFiles.size} chunk(s); largest (share before minify): ${largestPackages(entryFiles, sizes)}`,
      },
    ];
    for (const page of PAGES) {
      const limit = page.limit ?? STAFF_LIMIT;
      if (page.entry) {
        const files = staticClosure(await manifestOf(page.entry), [page.entry]);
        const bytes = await total(files);
        rows.push({
          budget: 'web first load',
          subject: page.label,
          measured: `${kb(bytes)} gz`,
          limit: `< ${kb(limit)}`,
          pass: bytes <= limit,
          note: `own entry ${page.entry}, ${files.size} chunk(s); largest (share before minify): ${largestPackages(files, sizes)}`,
        });
        continue;
      }
      const found = pageModule(routerSource, page.route ?? '');
      if (!found) {
        rows.push({
          budget: 'web first load',
          subject: page.label,
          measured: 'not built yet',
          limit: `< ${kb(limit)}`,
          pass: null,
          note: `no such route in router.tsx; the entry chunk every page loads is ${kb(entryBytes)} gz`,
        });
        continue;
      }
      const keys = [entryKey, ...(found.module ? [found.module] : []), ...(page.audience === 'staff' ? sessionKeys : [])];
      const files = staticClosure(manifest, keys);
      const bytes = await total(files);
      rows.push({
        budget: 'web first load',
        subject: page.label,
        measured: `${kb(bytes)} gz`,
        limit: `< ${kb(limit)}`,
        pass: bytes < limit,
        note: `${files.size} chunk(s)${page.audience === 'staff' ? ' incl. Amplify' : ''}; largest (share before minify): ${largestPackages(files, sizes)}`,
      });
    }
    rows.push(...(await benchPublicLcp(outDir)));
    return rows;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
