import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createPublicApiDocument, publicApiRoutes } from './openapi';
import { ROUTES, routeKey, type RouteDef } from './routes';

const COMMITTED = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };
const generated = () => JSON.parse(JSON.stringify(createPublicApiDocument())) as Document;
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

describe('the public API document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();

    const result = await validator.validate(generated() as never);

    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents exactly the routes the route table marks publicApi, one operation each', () => {
    expect(operationsOf(generated()).sort()).toEqual(publicApiRoutes().map(routeKey).sort());
  });

  it('marks only public routes publicApi, and covers the routes dealer sites call', () => {
    const marked = publicApiRoutes();

    expect(marked.every((route) => route.access === 'public')).toBe(true);
    expect(marked.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /marketplace/trending', 'POST /quote-requests', 'GET /quote-agents', 'POST /lease/calculate']),
    );
    expect((ROUTES as readonly RouteDef[]).filter((route) => route.access !== 'public' && route.publicApi)).toEqual([]);
  });

  it("describes the quote request body with the intake's rules and the 201 answer", () => {
    const post = generated().paths['/quote-requests']!.post as {
      requestBody: { content: { 'application/json': { schema: unknown } } };
      responses: Record<string, unknown>;
    };

    const body = JSON.stringify(post.requestBody.content['application/json'].schema);
    expect(body).toContain('"idempotencyKey"');
    expect(body).toContain('"website"');
    expect(body).toContain('"maxItems":5');
    expect(Object.keys(post.responses).sort()).toEqual(['201', '400', '429']);
  });

  it('describes the lease calculator with the lease input, the quote and the worked example', () => {
    const post = generated().paths['/lease/calculate']!.post as {
      requestBody: { content: { 'application/json': { schema: unknown } } };
      responses: Record<string, { content: { 'application/json': { schema: unknown } } }>;
    };

    const body = JSON.stringify(post.requestBody.content['application/json'].schema);
    expect(body).toContain('"residualPercent"');
    expect(body).toContain('"enum":["monthly","upfront-total","upfront-price"]');
    expect(JSON.stringify(post.responses['200']!.content['application/json'].schema)).toContain('"monthlyPayment":311.04');
    expect(Object.keys(post.responses).sort()).toEqual(['200', '400', '429']);
  });

  it('is committed in docs/openapi.json as generated (run `npm run openapi` after changing a public route)', async () => {
    const committed = JSON.parse(await readFile(COMMITTED, 'utf8')) as unknown;

    expect(committed).toEqual(generated());
  });
});
