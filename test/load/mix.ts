/**
 * What `npm run load` sends: the kinds of request, their share of the mix, whom each is sent as, and the order a
 * connection sends them in. Pure: run.ts turns each kind into real paths and bodies from the seeded stack.
 */
import { findRoute } from '@shared/api/routes';

/** The groups `--route-set` chooses from. */
export const ROUTE_SETS = ['screens', 'marketplace', 'quotes', 'leads'] as const;
export type RouteSet = (typeof ROUTE_SETS)[number];

export interface LoadRequestKind {
  /** The table's row name. */
  name: string;
  set: RouteSet;
  /** Share of the mix: requests per 100 of the whole mix. */
  weight: number;
  /** The signed-in demo user it is sent as, or `anonymous` (the public quote wizard). */
  as: 'broker' | 'admin' | 'anonymous';
  /** The route table's key, e.g. "GET /deals/{id}". */
  routeKey: string;
}

/**
 * A broker's working day is mostly their own screens and the marketplace; the lead inbox is watched by the admins;
 * public quote submissions are the rarest (a shopper submits once).
 */
export const LOAD_MIX: readonly LoadRequestKind[] = [
  { name: 'GET /dashboard', set: 'screens', weight: 10, as: 'broker', routeKey: 'GET /dashboard' },
  { name: 'GET /deals', set: 'screens', weight: 10, as: 'broker', routeKey: 'GET /deals' },
  { name: 'GET /deals/{id}', set: 'screens', weight: 10, as: 'broker', routeKey: 'GET /deals/{id}' },
  { name: 'GET /clients', set: 'screens', weight: 8, as: 'broker', routeKey: 'GET /clients' },
  { name: 'GET /clients/{id}', set: 'screens', weight: 8, as: 'broker', routeKey: 'GET /clients/{id}' },
  { name: 'GET /marketplace/vehicles?q=', set: 'marketplace', weight: 12, as: 'broker', routeKey: 'GET /marketplace/vehicles' },
  {
    name: 'GET /marketplace/vehicles?make=',
    set: 'marketplace',
    weight: 12,
    as: 'broker',
    routeKey: 'GET /marketplace/vehicles',
  },
  { name: 'POST /quote-requests', set: 'quotes', weight: 5, as: 'anonymous', routeKey: 'POST /quote-requests' },
  { name: 'GET /leads', set: 'leads', weight: 13, as: 'admin', routeKey: 'GET /leads' },
  { name: 'GET /leads/{id}', set: 'leads', weight: 12, as: 'admin', routeKey: 'GET /leads/{id}' },
];

/** `--route-set screens,quotes` -> the sets; empty or absent -> every set. Throws on a name that is not a set. */
export function parseRouteSets(value: string | undefined): RouteSet[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return [...ROUTE_SETS];
  const unknown = names.filter((name) => !(ROUTE_SETS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown route set ${unknown.join(', ')}; choose from ${ROUTE_SETS.join(', ')}`);
  return ROUTE_SETS.filter((set) => names.includes(set));
}

/** The kinds of the chosen sets, in LOAD_MIX order. */
export function mixOf(sets: readonly RouteSet[]): LoadRequestKind[] {
  return LOAD_MIX.filter((kind) => sets.includes(kind.set));
}

/**
 * One cycle of the mix as indexes into `weights`: each index appears `weights[i]` times, spread as evenly as the
 * weights allow (smooth weighted round-robin), so that a connection never sends a long run of one kind.
 */
export function weightedSequence(weights: readonly number[]): number[] {
  if (weights.some((weight) => !Number.isInteger(weight) || weight < 0)) throw new Error('Weights are whole numbers >= 0');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const current = weights.map(() => 0);
  const sequence: number[] = [];
  for (let step = 0; step < total; step++) {
    let chosen = 0;
    for (let index = 0; index < weights.length; index++) {
      current[index] += weights[index];
      if (current[index] > current[chosen]) chosen = index;
    }
    current[chosen] -= total;
    sequence.push(chosen);
  }
  return sequence;
}

/** Connection `connection` of `connections` starts the cycle at its own point, so they do not send the same kind at once. */
export function rotationFor<T>(cycle: readonly T[], connection: number, connections: number): T[] {
  const start = Math.floor((connection % connections) * (cycle.length / connections));
  return [...cycle.slice(start), ...cycle.slice(0, start)];
}

/**
 * Whether a route counts requests per source address (the route table's `sourceLimit`). Every request of a load run
 * comes from one address, so such a route refuses with 429 once the allowance is used: that is the limit at work.
 */
export function hasSourceLimit(routeKey: string): boolean {
  const route = findRoute(routeKey);
  if (!route) throw new Error(`No route ${routeKey} in the route table`);
  return route.sourceLimit !== undefined;
}
