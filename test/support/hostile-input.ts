/**
 * Hostile requests for any route of the route table, as fast-check arbitraries, and the oracle that says whether a
 * generated request is valid input for the route (its own zod schemas decide: see route-contracts.ts).
 *
 * What is generated, per request:
 * - the caller: anonymous or any principal (test/support/principals.ts), with a valid token;
 * - path parameters (for `{id}` segments): hostile strings, percent-encoded, and raw malformed encodings (dot
 *   segments excluded: the gateway resolves them before routing, so such a request is not this route's);
 * - a query string: hostile keys and values, repeated keys, or a raw string with broken percent-encoding;
 * - a body: none; a JSON document built from hostile values (wrong types, huge and unicode strings, nested objects
 *   and arrays, prototype-pollution keys, non-finite numbers as strings, injection strings), whose keys mix the
 *   route's own field names with hostile ones; a valid sample of the route mutated by one field (when the suite
 *   knows one); odd JSON texts (duplicate keys, 1e999, deep nesting, BOM, trailing garbage); malformed text;
 *   invalid UTF-8 bytes;
 * - a content type: JSON, text, form, multipart, binary or none.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import type { RouteDef } from '@shared/api/routes';
import type { z } from 'zod';
import { CALLERS, type Caller } from './principals';
import type { RouteContract } from './route-contracts';
import { getStack } from './stack';

/** Strings that try to break out of whatever they land in. */
export const INJECTION_STRINGS = [
  // SQL
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  '" OR ""="',
  // NoSQL and DynamoDB expression fragments
  '{"$gt":""}',
  '$ne',
  'attribute_exists(pk)',
  '#pk = :pk OR begins_with(#sk, :x)',
  ') OR (attribute_not_exists(sk)',
  'SET isApproved = :true',
  ':val',
  '#name',
  'pk',
  'USER#',
  // HTML and script
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  // Path traversal
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/dev/null',
  'file:///etc/passwd',
  // Prototype pollution (as values)
  '__proto__',
  'constructor',
  'prototype',
  // Non-finite and odd numbers as strings
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '9007199254740993',
  ' 42 ',
  '4_2',
  // Unicode: NUL, right-to-left override, zero-width, lone surrogates, case mappings that change length, emoji
  '\u0000',
  'a\u202Eevil',
  '\u200B',
  '\uD800',
  '\uDFFF',
  'İ',
  'ß',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '',
  ' ',
];

/** Keys that mean something to JavaScript objects or to the table, besides the route's own field names. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '$gt',
  'pk',
  'sk',
  'id',
  'userId',
  'role',
  'isApproved',
  'isLicensed',
  'brokerId',
  'dealershipId',
  'createdAt',
  '',
];

/** JSON texts a JSON.parse-based reader may mishandle. */
export const ODD_JSON_TEXTS = [
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true,"isApproved":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"size":1e999}',
  '1e999',
  '-1e999',
  '{"size":-0}',
  '{"a":NaN}',
  '\uFEFF{}',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '{"a":1,}',
  "{'a':1}",
  '{/* comment */}',
  '{"a":"\\ud800"}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"a":"\u0000"}',
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/octet-stream',
  'application/xml',
  'image/png',
  undefined,
] as const;

/** A JSON value as a tree, so that keys such as "__proto__" and duplicate keys survive serialization. */
export type JsonTree = null | boolean | number | string | JsonTree[] | { entries: [string, JsonTree][] };

/** A plain JSON-compatible value (a valid input's nested objects and arrays) as a JsonTree. */
export function asJsonTree(value: unknown): JsonTree {
  if (Array.isArray(value)) return value.map(asJsonTree);
  if (value !== null && typeof value === 'object') {
    return {
      entries: Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]): [string, JsonTree] => [key, asJsonTree(inner)]),
    };
  }
  return value as JsonTree;
}

export function jsonText(tree: JsonTree): string {
  if (Array.isArray(tree)) return `[${tree.map(jsonText).join(',')}]`;
  if (tree !== null && typeof tree === 'object')
    return `{${tree.entries.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
  // JSON.stringify writes NaN and Infinity as null, as a browser would send them.
  return JSON.stringify(tree);
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTION_STRINGS),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .constantFrom(129, 255, 256, 1_000, 10_000, 100_000)
    .chain((length) => fc.constantFrom('a', '€', '😀', '<').map((unit) => unit.repeat(length))),
);

function jsonTree(fieldNames: readonly string[]): fc.Arbitrary<JsonTree> {
  const key = fc.oneof(
    ...(fieldNames.length ? [fc.constantFrom(...fieldNames)] : []),
    fc.constantFrom(...HOSTILE_KEYS),
    fc.string(),
  );
  const leaf: fc.Arbitrary<JsonTree> = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 5 * 1024 * 1024 + 1),
    hostileString,
  );
  const { tree } = fc.letrec<{ tree: JsonTree; array: JsonTree[]; object: { entries: [string, JsonTree][] } }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('tree'), { maxLength: 4 }),
    object: fc.array(fc.tuple(key, tie('tree')), { maxLength: 6 }).map((entries) => ({ entries })),
  }));
  return tree;
}

/** The field names an object schema (or an intersection, pipe or refinement of object schemas) declares. */
export function schemaFieldNames(schema: z.ZodType | undefined): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as Record<string, unknown>);
    case 'intersection':
      return [...schemaFieldNames(def.left as z.ZodType), ...schemaFieldNames(def.right as z.ZodType)];
    case 'pipe':
      return schemaFieldNames(def.in as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return schemaFieldNames(def.innerType as z.ZodType);
    default:
      return [];
  }
}

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; text: string; contentType: string | undefined }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string | undefined };

export interface HostileRequest {
  caller: Caller;
  /** The path with its parameters filled, percent-encoded (or deliberately malformed). */
  path: string;
  /** The path parameters as API Gateway would decode them; undefined when a segment cannot be decoded. */
  pathParameters: Record<string, string> | undefined;
  /** The raw query string, without "?". */
  query: string;
  body: BodyCase;
}

/** A valid input of a route, when the suite knows how to make one; the fuzzer then also mutates it. */
export interface ValidInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** API Gateway's limit on the request line and headers together is 10 240 bytes; leave room for the token. */
const MAX_QUERY_LENGTH = 6_000;
const MAX_SEGMENT_LENGTH = 2_000;

const MALFORMED_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%C0%AF', '%00', '%2F'];

/**
 * Dot segments ("..", "%2e") are resolved by the gateway before routing, so such a request is not this route's:
 * they are left to the method-switching and path tests rather than judged against this route's schemas.
 */
function survivesNormalisation(raw: string): boolean {
  return new URL(`/x/${raw}/y`, 'http://localhost').pathname === `/x/${raw}/y`;
}

function pathArbitrary(
  route: RouteDef,
  valid: fc.Arbitrary<ValidInput> | undefined,
): fc.Arbitrary<Pick<HostileRequest, 'path' | 'pathParameters'>> {
  const names = [...route.path.matchAll(/\{([^}+]+)\+?\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant({ path: route.path, pathParameters: {} });
  const encoded = hostileString
    .filter((value) => value.length > 0)
    // A URL carries UTF-8: a lone surrogate arrives as U+FFFD (and encodeURIComponent would throw on it).
    .map((value) => Buffer.from(value, 'utf8').toString('utf8'))
    .map((value) => ({ raw: encodeURIComponent(value), decoded: value as string | undefined }))
    .filter((segment) => segment.raw.length <= MAX_SEGMENT_LENGTH && survivesNormalisation(segment.raw));
  const malformed = fc.constantFrom(...MALFORMED_SEGMENTS).map((raw) => ({ raw, decoded: safeDecode(raw) }));
  const segment = fc.oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: malformed });
  const hostile = fc.tuple(...names.map(() => segment)).map((segments) => fill(route.path, names, segments));
  const validPaths = valid?.map((input) =>
    fill(
      route.path,
      names,
      names.map((name) => {
        const value = input.params?.[name];
        if (value === undefined) throw new Error(`The valid input of ${route.method} ${route.path} must give params.${name}`);
        return { raw: encodeURIComponent(value), decoded: value };
      }),
    ),
  );
  return validPaths ? fc.oneof(hostile, validPaths) : hostile;
}

function fill(path: string, names: string[], segments: { raw: string; decoded: string | undefined }[]) {
  let filled = path;
  const parameters: Record<string, string> = {};
  let decodable = true;
  names.forEach((name, index) => {
    const segment = segments[index];
    filled = filled.replace(new RegExp(`\\{${name}\\+?\\}`), segment.raw);
    if (segment.decoded === undefined) decodable = false;
    else parameters[name] = segment.decoded;
  });
  return { path: filled, pathParameters: decodable ? parameters : undefined };
}

function safeDecode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function queryArbitrary(fieldNames: readonly string[], valid: fc.Arbitrary<ValidInput> | undefined): fc.Arbitrary<string> {
  const key = fc.oneof(
    ...(fieldNames.length ? [fc.constantFrom(...fieldNames)] : []),
    fc.constantFrom(...HOSTILE_KEYS, 'limit', 'cursor', 'q'),
    fc.string({ maxLength: 10 }),
  );
  // API Gateway refuses a request line and headers over 10 KB itself, before any function runs: stay under it.
  const pairs = fc
    .array(fc.tuple(key, hostileString), { maxLength: 5 })
    .map((entries) => new URLSearchParams(entries).toString())
    .filter((query) => query.length <= MAX_QUERY_LENGTH);
  const raw = fc.constantFrom(
    'a=%',
    'a=%E0%A4%A',
    '%ZZ=1',
    'a=1&a=2&a=3',
    '&&&',
    '=',
    'a[b]=1&a[__proto__]=2',
    '__proto__[polluted]=1',
  );
  const arbitraries = [pairs, raw, fc.constant('')];
  if (valid) arbitraries.push(valid.map((input) => new URLSearchParams(input.query ?? {}).toString()));
  return fc.oneof(...arbitraries);
}

function bodyArbitrary(fieldNames: readonly string[], valid: fc.Arbitrary<ValidInput> | undefined): fc.Arbitrary<BodyCase> {
  const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(...CONTENT_TYPES);
  const jsonType: fc.Arbitrary<string | undefined> = fc.constantFrom('application/json', 'application/json; charset=utf-8');
  const json = (text: fc.Arbitrary<string>, type = contentType) =>
    fc.record({ kind: fc.constant('json' as const), text, contentType: type });
  const cases: fc.Arbitrary<BodyCase>[] = [
    fc.constant({ kind: 'none' }),
    json(jsonTree(fieldNames).map(jsonText), jsonType),
    json(jsonTree(fieldNames).map(jsonText)),
    json(fc.constantFrom(...ODD_JSON_TEXTS)),
    json(fc.string()),
    fc.record({
      kind: fc.constant('bytes' as const),
      bytes: fc.oneof(fc.constant(Uint8Array.from([0xff, 0xfe, 0x7b, 0x7d])), fc.uint8Array({ maxLength: 64 })),
      contentType,
    }),
  ];
  if (valid) {
    const mutated = fc
      .tuple(valid, fc.constantFrom(...fieldNames, ...HOSTILE_KEYS), fc.option(jsonTree(fieldNames), { nil: undefined }))
      .map(([input, field, replacement]) => {
        const entries = Object.entries(input.body ?? {})
          .filter(([key, value]) => key !== field && value !== undefined)
          .map(([key, value]): [string, JsonTree] => [key, asJsonTree(value)]);
        // undefined drops the field; otherwise it is replaced (or added) with a hostile value.
        return jsonText({ entries: replacement === undefined ? entries : [...entries, [field, replacement]] });
      });
    cases.push(
      json(
        valid.map((input) => JSON.stringify(input.body ?? {})),
        jsonType,
      ),
      json(mutated, jsonType),
    );
  }
  return fc.oneof(...cases);
}

/** Requests for `route` from every kind of caller, shaped by the route's contract (and a valid input when known). */
export function hostileRequest(
  route: RouteDef,
  contract: RouteContract,
  valid?: fc.Arbitrary<ValidInput>,
): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      caller: fc.constantFrom(...CALLERS),
      location: pathArbitrary(route, valid),
      query: queryArbitrary(schemaFieldNames(contract.query), valid),
      body: bodyArbitrary(schemaFieldNames(contract.body), valid),
    })
    .map(({ caller, location, query, body }) => {
      const request: HostileRequest = { caller, ...location, query, body };
      // fast-check prints a counterexample with this instead of dumping 100 000-character strings.
      Object.defineProperty(request, fc.toStringMethod, {
        value: () => describeRequest(route.method, request),
        enumerable: false,
      });
      return request;
    });
}

const INVALID_JSON = Symbol('invalid JSON');

/** The body as the feature handler reads it: UTF-8 text (base64 or not), empty = absent, then JSON.parse. */
function parsedBody(body: BodyCase): unknown {
  if (body.kind === 'none') return undefined;
  const text = body.kind === 'json' ? body.text : Buffer.from(body.bytes).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

/** The query as API Gateway hands it over: repeated keys joined with commas. */
export function queryParameters(query: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) result[name] = name in result ? `${result[name]},${value}` : value;
  return result;
}

/** Whether the route's own schemas accept the request's path parameters, query and body (an absent schema ignores its part). */
export function isValidInput(contract: RouteContract, request: HostileRequest): boolean {
  const accepts = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  const body = contract.body ? parsedBody(request.body) : undefined;
  return (
    request.pathParameters !== undefined &&
    accepts(contract.params, request.pathParameters) &&
    accepts(contract.query, queryParameters(request.query)) &&
    body !== INVALID_JSON &&
    accepts(contract.body, body)
  );
}

/** One line for a failure message: who sent what (long values cut). */
export function describeRequest(method: string, request: HostileRequest): string {
  const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);
  const body =
    request.body.kind === 'none'
      ? 'no body'
      : request.body.kind === 'json'
        ? `${request.body.contentType ?? 'no content type'} ${cut(request.body.text)}`
        : `${request.body.contentType ?? 'no content type'} bytes ${Buffer.from(request.body.bytes).toString('hex').slice(0, 80)}`;
  return `${method} ${cut(request.path)}${request.query ? `?${cut(request.query)}` : ''} as ${request.caller}, ${body}`;
}

export interface RawResponse {
  status: number;
  contentType: string | undefined;
  text: string;
}

/**
 * Sends a request exactly as generated: node:http, not fetch, because fetch refuses a body on GET and normalizes
 * paths ("/a/../b", malformed percent-encodings), which would hide the very inputs under test.
 */
/**
 * The fuzz traffic's own source address: public routes count requests per source (rate-limit.ts), and the
 * generated flood must not use up the allowance of the tests that run after it from 127.0.0.1.
 */
export const FUZZ_SOURCE_ADDRESS = '127.0.0.77';

export function sendRaw(
  method: string,
  request: HostileRequest,
  token: string | undefined,
  sourceAddress = FUZZ_SOURCE_ADDRESS,
): Promise<RawResponse> {
  const url = new URL(getStack().urls.api);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: Buffer | undefined;
  if (request.body.kind !== 'none') {
    payload = request.body.kind === 'json' ? Buffer.from(request.body.text, 'utf8') : Buffer.from(request.body.bytes);
    if (request.body.contentType) headers['content-type'] = request.body.contentType;
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        localAddress: sourceAddress,
        port: url.port,
        method,
        path: `${request.path}${request.query ? `?${request.query}` : ''}`,
        headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: incoming.headers['content-type'],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// ADF documents (POST /leads/adf/{token}, docs/decisions.md "ADF leads"): the webhook's body is XML, so the JSON
// bodies above never reach its parser. These arbitraries know ADF's grammar: a valid document (one or two
// prospects, with or without an `<id>`, names and comments from the hostile strings, XML-escaped), and the same
// document mutated once by what hostile senders do.

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Text an ADF field may hold: short hostile strings, XML-escaped, with no characters XML forbids. */
const adfText = (maxLength: number) =>
  fc
    .oneof(fc.constantFrom(...INJECTION_STRINGS), fc.string({ maxLength }), fc.string({ unit: 'grapheme', maxLength: 20 }))
    // eslint-disable-next-line no-control-regex
    .map((text) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/g, '').trim())
    .filter((text) => text.length > 0 && text.length <= maxLength)
    .map(escapeXml);

/** One valid prospect. */
const adfProspect: fc.Arbitrary<string> = fc
  .record({
    id: fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/), { nil: undefined }),
    first: adfText(40),
    last: adfText(40),
    email: fc.option(
      fc.emailAddress().filter((e) => e.length <= 200),
      { nil: undefined },
    ),
    phone: fc.stringMatching(/^\d{10}$/),
    year: fc.option(fc.integer({ min: 1990, max: 2030 }), { nil: undefined }),
    make: fc.option(adfText(30), { nil: undefined }),
    model: fc.option(adfText(30), { nil: undefined }),
    monthly: fc.option(
      fc.integer({ min: 0, max: 999_999 }).map((cents) => (cents / 100).toFixed(2)),
      { nil: undefined },
    ),
    comments: fc.option(adfText(300), { nil: undefined }),
    date: fc.constantFrom('2026-11-25T08:47:50', '2026-11-25T8:47:50', 'yesterday', ''),
  })
  .map(
    (p) => `<prospect status="new">${p.id ? `<id source="fuzz">${p.id}</id>` : ''}<requestdate>${p.date}</requestdate>
<vehicle interest="lease">${p.year ? `<year>${p.year}</year>` : ''}${p.make ? `<make>${p.make}</make>` : ''}${
      p.model ? `<model>${p.model}</model>` : ''
    }${p.monthly ? `<finance><amount type="monthly">${p.monthly}</amount></finance>` : ''}</vehicle>
<customer><contact><name part="first">${p.first}</name><name part="last">${p.last}</name>${
      p.email ? `<email>${escapeXml(p.email)}</email>` : ''
    }<phone type="cellphone">${p.phone}</phone></contact>${p.comments ? `<comments>${p.comments}</comments>` : ''}</customer>
<provider><name part="full">Fuzz CRM</name></provider></prospect>`,
  );

const adfOf = (prospects: string[], prolog = '<?xml version="1.0" encoding="UTF-8"?><?adf version="1.0"?>') =>
  `${prolog}<adf>${prospects.join('')}</adf>`;

/** One hostile change to a valid document's prospects. */
const adfMutation: fc.Arbitrary<(prospects: string[]) => string> = fc.oneof(
  fc
    .integer({ min: 21, max: 20_000 })
    .map(
      (depth) => (ps: string[]) =>
        adfOf(ps.map((p) => p.replace('</vehicle>', `${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</vehicle>`))),
    ),
  fc
    .constantFrom(
      '<!DOCTYPE adf [<!ATTLIST adf a CDATA "x">]>',
      '<!DOCTYPE adf [<!ELEMENT adf ANY>]>',
      '<!DOCTYPE adf [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE adf [<!NOTATION n SYSTEM "x">]>',
      '<!DOCTYPE adf [<!FOO>]>',
      '<!DOCTYPE html>',
      '<!DOCTYPE adf SYSTEM "http://169.254.169.254/latest/meta-data/">',
      '<!DOCTYPE adf><!DOCTYPE adf>',
      '<!DOCTYPE',
    )
    .map((doctype) => (ps: string[]) => adfOf(ps, doctype)),
  fc
    .constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x:__proto__')
    .chain((name) =>
      fc
        .constantFrom(`<${name}><isAdmin>1</isAdmin></${name}>`, `<make ${name}="1">BMW</make>`)
        .map((markup) => (ps: string[]) => adfOf(ps.map((p) => p.replace('</vehicle>', `${markup}</vehicle>`)))),
    ),
  fc
    .constantFrom('1e308', '1e-200', '9007199254740993', '-1', 'NaN', 'Infinity', '0x10', '1,000,000,000.00', '')
    .chain((number) =>
      fc.constantFrom(
        (ps: string[]) =>
          adfOf(ps.map((p) => p.replace('<vehicle interest="lease">', `<vehicle interest="lease"><year>${number}</year>`))),
        (ps: string[]) =>
          adfOf(ps.map((p) => p.replace('</vehicle>', `<finance><amount type="monthly">${number}</amount></finance></vehicle>`))),
      ),
    ),
  fc
    .constantFrom(101, 1_000, 100_000, 300_000)
    .chain((length) =>
      fc.constantFrom(
        (p: string) => p.replace('<name part="first">', `<name part="first">${'x'.repeat(length)}`),
        (p: string) => p.replace('</customer>', `<comments>${'x'.repeat(length)}</comments></customer>`),
        (p: string) => p.replace('<vehicle interest="lease">', `<vehicle interest="lease"><model>${'x'.repeat(length)}</model>`),
      ),
    )
    .map((change) => (ps: string[]) => adfOf(ps.map((p, i) => (i === ps.length - 1 ? change(p) : p)))),
  // A bad prospect after good ones: nothing of the document may be stored.
  fc.constant((ps: string[]) =>
    adfOf([...ps, '<prospect><customer><contact><name>No Contact</name></contact></customer></prospect>']),
  ),
  fc
    .integer({ min: 3, max: 30 })
    .map((count) => (ps: string[]) => adfOf(Array.from({ length: count }, (_, i) => ps[i % ps.length]!))),
  fc.nat().map((cut) => (ps: string[]) => {
    const whole = adfOf(ps);
    return whole.slice(0, cut % whole.length);
  }),
  fc
    .tuple(fc.nat(), fc.constantFrom('<', '&', ']]>', '<![CDATA[', '<!--', '\u0000', '&#0;', '&#xD800;', '&unknown;'))
    .map(([at, junk]) => (ps: string[]) => {
      const whole = adfOf(ps);
      const i = at % whole.length;
      return `${whole.slice(0, i)}${junk}${whole.slice(i)}`;
    }),
);

export interface AdfCase {
  document: string;
  /** A valid document, not mutated: the webhook must store it (200). */
  valid: boolean;
  contentType: string;
}

/** ADF documents, valid (about one in four) and mutated once. */
export const adfDocument: fc.Arbitrary<AdfCase> = fc
  .tuple(
    fc.array(adfProspect, { minLength: 1, maxLength: 2 }),
    fc.option(adfMutation, { freq: 4, nil: undefined }),
    fc.constantFrom('application/xml', 'text/xml; charset=utf-8', 'text/plain'),
  )
  .map(([prospects, mutate, contentType]) => ({
    document: mutate ? mutate(prospects) : adfOf(prospects),
    valid: !mutate,
    contentType,
  }));

/**
 * A loopback address of its own for the nth ADF document (127.0.1.0 to 127.0.255.255): the webhook allows 120
 * documents per sending address per hour, which `npm run fuzz` would use up in its first hundred runs.
 */
export const adfSourceAddress = (n: number) => `127.0.${1 + ((n >> 8) % 255)}.${n % 256}`;
