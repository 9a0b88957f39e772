/**
 * A route's implementation: the zod schemas of its inputs and output and one function that reads like the
 * rule in words. The feature handler validates the inputs with the schemas before the function runs and
 * passes its result through the response schema, so a response only ever carries the fields the schema lists.
 *
 * `route` is for routes with an access list (the context carries an identity); `publicRoute` is for public
 * routes (the identity is null: public routes are called without a token). The factory refuses to mount one
 * kind on a route of the other kind.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import type { Identity } from '../auth-context';

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

interface BaseContext {
  /** API Gateway's request id, also in the request log line. */
  requestId: string;
  /** The time the request arrived: services take it as an argument rather than reading the clock. */
  now: Date;
  event: APIGatewayProxyEventV2;
}

export interface AuthenticatedContext extends BaseContext {
  identity: Identity;
}

export interface PublicContext extends BaseContext {
  identity: null;
}

interface RouteSpec<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
  C,
> {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 200 unless given. */
  status?: number;
  /** Seconds a browser or shared cache may keep a success response; responses are `no-store` unless given. */
  cacheSeconds?: number;
  /** Seconds a shared cache (CloudFront) may keep it, when longer than browsers (`s-maxage`). */
  edgeCacheSeconds?: number;
  handler: (input: RouteInput<Parsed<P>, Parsed<Q>, Parsed<B>>, ctx: C) => Promise<z.input<R>> | z.input<R>;
}

export interface RouteImpl {
  kind: 'authenticated' | 'public';
  params?: Schema;
  query?: Schema;
  body?: Schema;
  response: Schema;
  status: number;
  cacheSeconds?: number;
  edgeCacheSeconds?: number;
  run: (input: RouteInput<unknown, unknown, unknown>, ctx: AuthenticatedContext | PublicContext) => Promise<unknown>;
}

function build<C>(
  kind: RouteImpl['kind'],
  spec: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined, Schema, C>,
): RouteImpl {
  return {
    kind,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    response: spec.response,
    status: spec.status ?? 200,
    cacheSeconds: spec.cacheSeconds,
    edgeCacheSeconds: spec.edgeCacheSeconds,
    run: async (input, ctx) => spec.handler(input as never, ctx as C),
  };
}

export function route<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: RouteSpec<P, Q, B, R, AuthenticatedContext>): RouteImpl {
  return build(
    'authenticated',
    spec as RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined, Schema, AuthenticatedContext>,
  );
}

export function publicRoute<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: RouteSpec<P, Q, B, R, PublicContext>): RouteImpl {
  return build('public', spec as RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined, Schema, PublicContext>);
}
