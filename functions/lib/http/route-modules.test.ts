/**
 * Every feature's Lambda mounts each of its routes in the route table as a module loaded on first use, and each
 * module is mounted with the factory of its route's access kind. featureHandler checks the kind only when a module
 * loads, so this test loads them all: a wrong mount fails here, not on a route's first call in production.
 */
import { describe, expect, it } from 'vitest';
import { FEATURES, routeKey, routesOf, findRoute } from '@shared/api/routes';
import { checkedKind, type RouteLoader } from './feature-handler';

const handlers = import.meta.glob<{ routes?: Record<string, unknown> }>('../../*/handler.ts');

describe('feature route modules', () => {
  const features = FEATURES.filter((feature) => handlers[`../../${feature}/handler.ts`]);

  it('has a handler module for every feature of the route table', () => {
    expect(features).toEqual([...FEATURES]);
  });

  it.each(features)(
    '%s: mounts every route of its feature, each as a lazily loaded module of the right kind',
    async (feature) => {
      const { routes } = await handlers[`../../${feature}/handler.ts`]();
      expect(routes, `functions/${feature}/handler.ts exports its route table as \`routes\``).toBeDefined();
      expect(Object.keys(routes!).sort()).toEqual(routesOf(feature).map(routeKey).sort());

      for (const [key, loader] of Object.entries(routes!)) {
        expect(typeof loader, `${key} is mounted as () => import('./routes/...')`).toBe('function');
        const { default: impl } = await (loader as RouteLoader)();
        expect(() => checkedKind(key, findRoute(key)!, impl)).not.toThrow();
      }
    },
  );
});
