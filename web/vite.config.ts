/**
 * Vite config of the web app (root: web/). Four pages: the staff SPA (index.html), the public trending embed
 * (trending-deals-embed.html), the public quote wizard with its thank-you page (get-quote.html) and a client's
 * proposal link (proposal.html), each public one its own small entry: no router, no Amplify. One build serves every stage: the
 * runtime settings come from GET /config.json, written next to index.html by CDK in AWS and served by the plugin
 * below locally.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PATH_ALIASES } from '../shared/aliases';
import { EDGE_API_PREFIX, EDGE_CACHED_PATHS } from '../shared/api/edge';
import { webConfigSchema } from '../shared/config/web-config';

const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The path CloudFront routes to the embed page (`/trending-deals-embed*` -> this object), and its HTML entry. */
export const EMBED_PATH = '/trending-deals-embed';
export const EMBED_HTML = 'trending-deals-embed.html';
/** The public quote pages' paths (CloudFront routes `/get-quote*` and `/quote-thank-you*` to it) and their HTML entry. */
export const QUOTE_PATHS = ['/get-quote', '/quote-thank-you'] as const;
export const QUOTE_HTML = 'get-quote.html';
/** A client's proposal link, /proposal/{token} (CloudFront routes `/proposal/*` to it), and its HTML entry. */
export const PROPOSAL_PATH = '/proposal';
export const PROPOSAL_HTML = 'proposal.html';

/**
 * The HTML entries. `npm run build:web` (infra/scripts/build-web.ts) bundles each in a build of its own, into the
 * same web/dist: Rollup tree-shakes a module once per build, so in one build the public pages would carry every
 * part of a shared package (zod's core, TanStack Query) that the staff app uses, and the quote wizard missed its
 * 100 KB first-load budget by that much (docs/decisions.md, "Quote wizard bundle"). WEB_ENTRY_ENV names the HTML
 * file a build bundles; without it a build bundles all of them together (as plain `vite build` does).
 */
const WEB_ENTRIES = { index: 'index.html', embed: EMBED_HTML, quote: QUOTE_HTML, proposal: PROPOSAL_HTML } as const;

/**
 * The public pages whose own build renders with Preact instead of React (`preact/compat` under React's names, so
 * the same components and hooks run): React DOM alone is about 60 KB gzipped, Preact with compat about 10 KB, which is
 * what lets these pages meet their budgets (docs/decisions.md, "Public pages"). Only in their own production build:
 * the dev server serves every page from one module graph with React (and its Fast Refresh), and the staff app keeps
 * React everywhere. The browser suite runs the production build, so what deploys is what is tested. The trending
 * embed renders no components at all: its cards are HTML the rank-trending job writes, its script plain DOM.
 */
const PREACT_ENTRIES: readonly string[] = [PROPOSAL_HTML, QUOTE_HTML];

const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

function rendererAliases(mode: string): { find: RegExp; replacement: string }[] {
  const only = process.env[WEB_ENTRY_ENV];
  return mode === 'production' && only && PREACT_ENTRIES.includes(only) ? PREACT_ALIASES : [];
}
// infra/scripts/build-web.ts sets it, one page per build.
const WEB_ENTRY_ENV = 'LEASEDESK_WEB_ENTRY';

function buildInput(): Record<string, string> {
  const only = process.env[WEB_ENTRY_ENV];
  const entries = Object.entries(WEB_ENTRIES).filter(([, html]) => !only || html === only);
  if (entries.length === 0) throw new Error(`${WEB_ENTRY_ENV}=${only} is none of ${Object.values(WEB_ENTRIES).join(', ')}`);
  return Object.fromEntries(entries.map(([name, html]) => [name, join(WEB_ROOT, html)]));
}

/** Each public page's paths (the path and anything under it) and the HTML entry that answers them. */
const PUBLIC_PAGES: { paths: readonly string[]; html: string }[] = [
  { paths: [EMBED_PATH], html: EMBED_HTML },
  { paths: QUOTE_PATHS, html: QUOTE_HTML },
  { paths: [PROPOSAL_PATH], html: PROPOSAL_HTML },
];

/**
 * What the dev server may read through `/@fs/` and module requests: the app, the code it shares with the API and
 * the packages, nothing else in the checkout. `.local/` holds the local Cognito pool (every user's password hash
 * and refresh token), so it is denied by name too, as are secrets wherever they sit. `deny` replaces Vite's
 * default list, which is repeated here.
 */
export const DEV_FS = {
  strict: true,
  allow: [WEB_ROOT, join(REPO_ROOT, 'shared'), join(REPO_ROOT, 'node_modules')],
  deny: [
    '.env',
    '.env.*',
    '*.{crt,pem,key,p12,pfx}',
    '.git',
    '**/.git/**',
    '**/.local/**',
    '**/.cognito/**',
    '**/.ssh/**',
    '**/.aws/**',
    '**/cdk.out*/**',
  ],
};

/** The environment variable holding the web config as a JSON string (set by the local stack). */
export const WEB_CONFIG_ENV = 'LEASEDESK_WEB_CONFIG';

/**
 * Serves GET /config.json from LEASEDESK_WEB_CONFIG in `vite` (dev) and `vite preview`. The value is read per
 * request so a stack that sets the variable after loading this file is still honoured. It is checked against
 * the shared schema here too, so a bad value is reported in the terminal rather than only in the browser.
 */
function runtimeConfig(): Plugin {
  const serveConfig = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'GET' || path !== '/config.json') {
      next();
      return;
    }
    const raw = process.env[WEB_CONFIG_ENV];
    res.setHeader('Cache-Control', 'no-store');
    if (!raw) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${WEB_CONFIG_ENV} is not set: start the web app through the local stack (npm start).`);
      return;
    }
    const problem = configProblem(raw);
    if (problem) {
      console.error(`[leasedesk-runtime-config] ${WEB_CONFIG_ENV} is invalid: ${problem}`);
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${WEB_CONFIG_ENV} is invalid: ${problem}`);
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(raw);
  };
  return {
    name: 'leasedesk-runtime-config',
    configureServer(server) {
      server.middlewares.use(serveConfig);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveConfig);
    },
  };
}

/**
 * Answers the public pages' paths (`/trending-deals-embed`, `/get-quote`, `/quote-thank-you` and anything under
 * them, as CloudFront does) with their own HTML entries in `vite` and `vite preview`, instead of the SPA's
 * index.html: those pages never load the staff app or Amplify.
 */
function publicPages(): Plugin {
  const rewrite = (req: IncomingMessage, _res: ServerResponse, next: () => void): void => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    const page = PUBLIC_PAGES.find(({ paths }) => paths.some((path) => pathname === path || pathname.startsWith(`${path}/`)));
    if (req.method === 'GET' && page) req.url = `/${page.html}${search}`;
    next();
  };
  return {
    name: 'leasedesk-public-pages',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

/**
 * Framing, as CloudFront's response headers policies answer it (infra/stacks/web-stack.ts): only the trending
 * embed may be framed, by any site; every other page of the dev server and `vite preview` refuses to be.
 */
export function framingHeaders(pathname: string): Record<string, string> {
  const isEmbed = pathname === EMBED_PATH || pathname.startsWith(`${EMBED_PATH}/`) || pathname === `/${EMBED_HTML}`;
  return isEmbed
    ? { 'Content-Security-Policy': 'frame-ancestors *' }
    : { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" };
}

function framing(): Plugin {
  const setHeaders = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of Object.entries(framingHeaders(pathname))) res.setHeader(name, value);
    next();
  };
  return {
    name: 'leasedesk-framing',
    configureServer(server) {
      server.middlewares.use(setHeaders);
    },
    configurePreviewServer(server) {
      server.middlewares.use(setHeaders);
    },
  };
}

/**
 * The public API's edge paths (shared/api/edge.ts), as CloudFront serves them in AWS: `/public-api/<path>` is the
 * API's GET `<path>`, forwarded without the viewer's headers, cookies or query string.
 */
function edgeApi(): Plugin {
  const forward = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const apiPath = pathname.startsWith(`${EDGE_API_PREFIX}/`) ? pathname.slice(EDGE_API_PREFIX.length) : undefined;
    const raw = process.env[WEB_CONFIG_ENV];
    if (!apiPath || !(EDGE_CACHED_PATHS as readonly string[]).includes(apiPath) || req.method !== 'GET' || !raw) {
      next();
      return;
    }
    const target = new URL(`${(JSON.parse(raw) as { apiUrl: string }).apiUrl.replace(/\/+$/, '')}${apiPath}`);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(target, { method: 'GET' }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, {
        'content-type': answer.headers['content-type'] ?? 'application/json',
        'cache-control': answer.headers['cache-control'] ?? 'no-store',
      });
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"message":"Bad Gateway"}');
    });
    upstream.end();
  };
  return {
    name: 'leasedesk-edge-api',
    configureServer(server) {
      server.middlewares.use(forward);
    },
    configurePreviewServer(server) {
      server.middlewares.use(forward);
    },
  };
}

/**
 * react-router 7 points every export condition at its development build (remix-run/react-router#12532);
 * production builds use the production build it ships beside it (no dev warnings, smaller).
 */
function reactRouterProductionBuild(): { find: RegExp; replacement: string }[] {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

function configProblem(raw: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'not valid JSON';
  }
  const parsed = webConfigSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

export default defineConfig(({ mode }) => ({
  root: WEB_ROOT,
  // framing() runs before publicPages() rewrites the embed's path to its HTML entry.
  plugins: [react(), runtimeConfig(), edgeApi(), framing(), publicPages()],
  server: { fs: DEV_FS },
  resolve: {
    alias: [...PATH_ALIASES, ...rendererAliases(mode), ...(mode === 'production' ? reactRouterProductionBuild() : [])],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, not referenced from the bundles.
    sourcemap: 'hidden',
    // Pages are split by route (React.lazy in src/app/router.tsx); aws-amplify is loaded on demand by src/lib/amplify.ts.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      input: buildInput(),
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place ("contains an annotation that Rollup cannot interpret"): harmless noise.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
}));
