/**
 * The local production edge: an HTTP server that answers as the synthesized CloudFront distribution does. Each
 * request picks its cache behaviour by path pattern (template order, default last), runs the behaviour's
 * viewer-request function (the default behaviour's is the SPA fallback), is answered by the behaviour's origin (the
 * site bucket, an upload bucket on s3rver, or the local API; an origin group falls over as CloudFront does), has the template's custom error responses applied if
 * it has any, and gets the behaviour's response headers policy, with the stage's origins in the CSP replaced by
 * local ones. A missing key of a bucket is S3's 404 where CloudFront may list the bucket and its 403 otherwise.
 *
 * Not emulated: HTTPS and its redirect, caching and compression, signed URLs. The viewer's query string, headers
 * and cookies never reach an origin, as the template's cache policies say (distribution.ts checks that they do).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { EdgeBehaviour, EdgeDistribution, EdgeOrigin } from './distribution';
import { pathPatternMatcher } from './path-pattern';
import { policyHeaders, type PolicyHeader } from './response-headers';
import type { SiteBucket } from './site-bucket';
import { viewerRequestFunction, type ViewerRequest, type ViewerRequestFunction } from './viewer-function';
import type { BrowserBucket } from '@infra/stacks/web-stack';

export interface EdgeOrigins {
  site: SiteBucket;
  /** The base URL of each upload bucket's objects (s3rver, path-style). */
  bucketUrl: Record<BrowserBucket, string>;
  apiUrl: string;
}

interface OriginAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Route {
  matches: (path: string) => boolean;
  behaviour: EdgeBehaviour;
  viewerRequest?: ViewerRequestFunction;
  headers: PolicyHeader[];
}

/** Headers of an origin's answer that describe the connection or an encoding fetch() already undid. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'date']);

/** S3's answer for a key that is no object: 404 to a reader that may list the bucket, 403 to one that may not. */
function noSuchKey(listable: boolean): OriginAnswer {
  return {
    status: listable ? 404 : 403,
    headers: { 'content-type': 'application/xml' },
    body: Buffer.from(`<Error><Code>${listable ? 'NoSuchKey' : 'AccessDenied'}</Code></Error>`),
  };
}

export function createEdgeServer(
  distribution: EdgeDistribution,
  origins: EdgeOrigins,
  localCsp: (templateCsp: string) => string,
): Server {
  const routes: Route[] = distribution.behaviours.map((behaviour) => ({
    matches: pathPatternMatcher(behaviour.pathPattern),
    behaviour,
    viewerRequest: behaviour.viewerRequest && viewerRequestFunction(behaviour.viewerRequest.code, behaviour.viewerRequest.name),
    headers: policyHeaders(behaviour.headersPolicy, localCsp),
  }));
  const routeOf = (path: string) => routes.find((route) => route.matches(path))!;

  async function fromOrigin(origin: EdgeOrigin, method: string, uri: string): Promise<OriginAnswer> {
    if (origin.kind === 'group') {
      const primary = await fromOrigin(origin.primary, method, uri);
      return origin.statusCodes.includes(primary.status) ? fromOrigin(origin.fallback, method, uri) : primary;
    }
    if (origin.kind === 'site') {
      const key = decodeURIComponent(`${origin.path}${uri}`.slice(1));
      const object = await origins.site(key);
      if (!object) return noSuchKey(origin.listable);
      return { status: 200, headers: { 'content-type': object.contentType }, body: object.body };
    }
    const base = origin.kind === 'api' ? origins.apiUrl : origins.bucketUrl[origin.bucket];
    const answer = await fetch(`${base.replace(/\/+$/, '')}${uri}`, { method, redirect: 'manual' });
    // s3rver lets anyone list; through origin access control S3 hides a missing key unless CloudFront may list.
    if (origin.kind === 'bucket' && answer.status === 404) return noSuchKey(origin.listable);
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!NOT_FORWARDED.has(name)) headers[name] = value;
    });
    return { status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) };
  }

  async function answer(req: IncomingMessage): Promise<{ route: Route; answer: OriginAnswer }> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://edge.local');
    const route = routeOf(url.pathname);
    if (!route.behaviour.allowedMethods.includes(method)) {
      return {
        route,
        answer: { status: 403, headers: { 'content-type': 'text/plain' }, body: Buffer.from('Method not allowed here') },
      };
    }
    let request: ViewerRequest = {
      method,
      uri: url.pathname,
      querystring: Object.fromEntries([...url.searchParams].map(([name, value]) => [name, { value }])),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, { value: [value].flat().join(',') }]),
      ),
      cookies: {},
    };
    if (route.viewerRequest) {
      const result = await route.viewerRequest(request);
      if (result.kind === 'response')
        return { route, answer: { ...result, status: result.statusCode, body: Buffer.from(result.body) } };
      request = result.request;
    }
    const uri = request.uri === '/' && distribution.defaultRootObject ? `/${distribution.defaultRootObject}` : request.uri;
    const fromBehaviour = await fromOrigin(route.behaviour.origin, method, uri);
    const error = distribution.errorResponses.find((candidate) => candidate.errorCode === fromBehaviour.status);
    if (!error?.pagePath) return { route, answer: fromBehaviour };
    // CloudFront fetches the error page through the behaviour its path matches (no viewer function runs for it);
    // the viewer gets the headers policy of the behaviour the request matched.
    const page = await fromOrigin(routeOf(error.pagePath).behaviour.origin, 'GET', error.pagePath);
    return { route, answer: { ...page, status: error.responseCode ?? fromBehaviour.status } };
  }

  function send(res: ServerResponse, method: string | undefined, route: Route, { status, headers, body }: OriginAnswer): void {
    const out = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), [name, value] as const]));
    for (const header of route.headers) {
      if (header.override || !out.has(header.name.toLowerCase())) out.set(header.name.toLowerCase(), [header.name, header.value]);
    }
    out.set('content-length', ['Content-Length', String(body.length)]);
    res.writeHead(status, Object.fromEntries(out.values()));
    res.end(method === 'HEAD' ? undefined : body);
  }

  return createServer((req, res) => {
    answer(req).then(
      ({ route, answer: result }) => send(res, req.method, route, result),
      (error: unknown) => {
        // The edge itself failing (a malformed URI, an origin down) is a 502 with the reason, never a hang.
        const status = error instanceof URIError ? 400 : 502;
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Local edge: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
}
