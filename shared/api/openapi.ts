/**
 * The OpenAPI 3.1 document of the public API for dealer sites (docs/decisions.md, "Quotes"), generated from the route
 * table (every route marked `publicApi`) and the same zod schemas the handlers validate with, by `zod-openapi`.
 *
 * `npm run openapi` writes it to docs/openapi.json; GET /openapi.json serves that copy, and a test keeps the copy
 * equal to what this module generates, valid OpenAPI, and in step with the route table.
 */
import * as z from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { apiErrorBody } from '../errors';
import { calculateLeaseRequestSchema, calculateLeaseResponseSchema } from '../lease/api';
import { trendingResponseSchema } from '../marketplace/trending';
import {
  acceptProposalResponseSchema,
  proposalQuestionResponseSchema,
  proposalQuestionSchema,
  proposalTokenParamsSchema,
  publicProposalResponseSchema,
} from '../proposals/api';
import { openApiDocumentSchema, quoteAgentsResponseSchema, quoteRequestResponseSchema, quoteRequestSchema } from '../quotes/api';
import { ROUTES, routeKey, type RouteDef } from './routes';

/** The routes of the public API: public routes marked `publicApi` in the route table. */
export function publicApiRoutes(): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((route) => route.publicApi);
}

type PublicApiRouteKey =
  Extract<(typeof ROUTES)[number], { publicApi: true }> extends infer R
    ? R extends { method: infer M extends string; path: infer P extends string }
      ? `${M} ${P}`
      : never
    : never;

interface PublicOperation {
  /** The path's parameters, for a path that has any. */
  params?: z.ZodObject;
  body?: z.ZodType;
  status: number;
  response: z.ZodType;
  /** Responses other than success that a caller should plan for. */
  errors: readonly ('400' | '404' | '409' | '429')[];
}

/** Each public route's request and response schemas; the type makes a route marked `publicApi` without an entry fail. */
const OPERATIONS: Record<PublicApiRouteKey, PublicOperation> = {
  'GET /marketplace/trending': { status: 200, response: trendingResponseSchema, errors: ['429'] },
  'POST /quote-requests': {
    body: quoteRequestSchema,
    status: 201,
    response: quoteRequestResponseSchema,
    errors: ['400', '429'],
  },
  'GET /quote-agents': { status: 200, response: quoteAgentsResponseSchema, errors: ['429'] },
  'GET /openapi.json': { status: 200, response: openApiDocumentSchema, errors: ['429'] },
  'POST /lease/calculate': {
    body: calculateLeaseRequestSchema,
    status: 200,
    response: calculateLeaseResponseSchema,
    errors: ['400', '429'],
  },
  'GET /proposals/{token}': {
    params: proposalTokenParamsSchema,
    status: 200,
    response: publicProposalResponseSchema,
    errors: ['400', '429'],
  },
  'POST /proposals/{token}/accept': {
    params: proposalTokenParamsSchema,
    status: 200,
    response: acceptProposalResponseSchema,
    errors: ['400', '404', '409', '429'],
  },
  'POST /proposals/{token}/questions': {
    params: proposalTokenParamsSchema,
    body: proposalQuestionSchema,
    status: 201,
    response: proposalQuestionResponseSchema,
    errors: ['400', '404', '409', '429'],
  },
};

const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string().meta({ description: 'Fit to show to the user (the validation message for bad input).' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: "Each invalid field's path and its first message." }),
    }),
  })
  .meta({ id: 'Error', example: apiErrorBody('bad_request', 'First name is required', { firstName: 'First name is required' }) });

const ERROR_RESPONSES = {
  '400': { description: 'Invalid input, malformed JSON or a body over the size limit.' },
  '404': { description: 'Unknown link (or its deal no longer exists).' },
  '409': { description: 'The proposal was revoked or has expired (the message says which).' },
  '429': { description: 'Throttled: too many requests from this source or in total. Retry later.' },
} as const;

function operation(route: RouteDef, spec: PublicOperation): ZodOpenApiOperationObject {
  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    ...(route.maxBodyBytes ? { description: `Request bodies over ${route.maxBodyBytes} bytes are refused with 400.` } : {}),
    ...(spec.params ? { requestParams: { path: spec.params } } : {}),
    ...(spec.body ? { requestBody: { required: true, content: json(spec.body) } } : {}),
    responses: {
      [String(spec.status)]: { description: 'Success', content: json(spec.response) },
      ...Object.fromEntries(spec.errors.map((status) => [status, { ...ERROR_RESPONSES[status], content: json(errorSchema) }])),
    },
  };
}

/** The document (no `servers`: GET /openapi.json adds the API's own address). */
export function createPublicApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of publicApiRoutes()) {
    const spec = OPERATIONS[routeKey(route) as PublicApiRouteKey];
    if (!spec) throw new Error(`${routeKey(route)} is marked publicApi but has no OpenAPI operation`);
    const method = route.method.toLowerCase() as Lowercase<RouteDef['method']>;
    paths[route.path] = { ...paths[route.path], [method]: operation(route, spec) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'LeaseDesk public API',
      version: '1.0.0',
      description:
        'The routes a dealer site may call without an account: the trending vehicles (for the embed), the quote request and its agent list, the lease calculator, and a proposal link sent to a client (read, accept, ask a question). Every route is throttled per route and, for quote requests, the lease calculator and proposals, per source address.',
    },
    paths,
  });
}
