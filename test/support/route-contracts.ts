/**
 * The input contract of every route: the zod schemas its feature handler validates path parameters, query and body
 * with. The hostile-input suite uses them as its oracle ("is this input valid for this route?"), so a new route is
 * fuzzed against its own schemas without anyone writing anything.
 *
 * The schemas live in the route implementations passed to `featureHandler` (functions/<feature>/handler.ts, or the
 * route modules it loads on first use), not in the route table. Rather than keep a second list that could drift, this loads each feature's handler module with
 * `featureHandler` wrapped to record the routes it is given: exactly what the Lambda mounts, nothing re-declared.
 * The wrap lives only in this test worker; the local API server (another process) serves the real handlers.
 */
import { vi } from 'vitest';
import type * as FeatureHandlerModule from '@functions/lib/http/feature-handler';
import type { RouteImpl } from '@functions/lib/http/route';
import { ROUTES, routeKey, type RouteDef } from '@shared/api/routes';
import type { z } from 'zod';

export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

const FEATURE_HANDLER = '@functions/lib/http/feature-handler';

let loaded: Promise<Map<string, RouteContract>> | undefined;

/** Every route key of the route table with the schemas its handler validates with. Fails for a route no feature mounts. */
export function loadRouteContracts(): Promise<Map<string, RouteContract>> {
  loaded ??= capture();
  return loaded;
}

async function capture(): Promise<Map<string, RouteContract>> {
  const mounted = new Map<string, RouteImpl | FeatureHandlerModule.RouteLoader>();
  vi.doMock(FEATURE_HANDLER, async (importOriginal) => {
    const original = await importOriginal<typeof FeatureHandlerModule>();
    const recording: typeof original.featureHandler = (feature, routes, options) => {
      for (const [key, entry] of Object.entries(routes as Record<string, RouteImpl | FeatureHandlerModule.RouteLoader>))
        mounted.set(key, entry);
      return original.featureHandler(feature, routes, options);
    };
    return { ...original, featureHandler: recording };
  });
  try {
    // Every feature that owns a route; a feature without a handler module yet has no routes to fuzz.
    const features = new Set((ROUTES as readonly RouteDef[]).map((route) => route.feature));
    for (const feature of features) await import(`../../functions/${feature}/handler.ts`);
  } finally {
    vi.doUnmock(FEATURE_HANDLER);
  }

  const contracts = new Map<string, RouteContract>();
  for (const route of ROUTES as readonly RouteDef[]) {
    const entry = mounted.get(routeKey(route));
    if (!entry)
      throw new Error(`${routeKey(route)} is in the route table but functions/${route.feature}/handler.ts does not mount it`);
    // A route module loaded on first use (`() => import('./routes/...')`) is loaded here for its schemas.
    const impl = typeof entry === 'function' ? (await entry()).default : entry;
    contracts.set(routeKey(route), { params: impl.params, query: impl.query, body: impl.body });
  }
  return contracts;
}
