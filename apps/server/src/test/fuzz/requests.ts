import fc from 'fast-check';
import { multipartForm } from '../multipart.js';
import {
  malformed,
  nastyJson,
  nastyText,
  plausible,
  toJsonText,
  type FuzzContext,
  type SchemaNode,
} from './values.js';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: SchemaNode;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaNode> };
}

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface ApiRoute {
  method: string;
  /** The document's path, `{name}` for each path parameter. */
  path: string;
  params: Parameter[];
  query: Parameter[];
  /** The JSON body's schema, if the route takes one. */
  body: SchemaNode | null;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation the document lists: a new route is fuzzed as soon as it is registered. */
export function routesOf(doc: OpenApiDocument): ApiRoute[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path'),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
}

/** Resolves `#/components/schemas/X` in the document. */
export function resolverOf(doc: OpenApiDocument) {
  return (ref: string): SchemaNode => {
    const name = ref.replace('#/components/schemas/', '');
    const found = doc.components?.schemas?.[name];
    if (!found) throw new Error(`unresolved ${ref}`);
    return found;
  };
}

/** A request ready for `app.inject`, and which part of it is malformed. */
export interface FuzzRequest {
  part: 'path' | 'query' | 'body' | 'raw' | 'multipart' | 'headers' | 'empty-json';
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Percent-encodes, keeping lone surrogates as U+FFFD (which is what UTF-8 makes of them anyway). */
const encode = (s: string) => encodeURIComponent(s.toWellFormed());

/** Path segments and query texts that are malformed as percent-encoding, sent exactly as written. */
const rawEncodings = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  'a%2Fb',
  '..',
  '%2e%2e',
);

/** A header value a real HTTP parser lets through: tab, printable ASCII and Latin-1 (no NUL, no CR/LF). */
const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom('x'.repeat(8000), '', ' ', 'null', '\t'),
);

/** A plausible value as query text: arrays repeat the key, numbers and booleans as written. */
const asQueryValues = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(asQueryValues)
    : [v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)];

type Pairs = [string, string][];

function plausibleParams(list: Parameter[], ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(list.map((p) => [p.name, plausible(p.schema, ctx, p.name)])), {
    requiredKeys: list.filter((p) => p.required).map((p) => p.name),
  });
}

const pairsOf = (values: Record<string, unknown>): Pairs =>
  Object.entries(values).flatMap(([k, v]) => asQueryValues(v).map((s): [string, string] => [k, s]));

const queryText = (pairs: Pairs) =>
  pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;

const pathWith = (route: ApiRoute, values: Record<string, string>) =>
  route.path.replace(/\{(\w+|\*)\}/g, (_, name: string) => values[name] ?? 'x');

const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex');

/** Upload forms with odd fields: the file, its alt text, unknown names; values malformed. */
const multipartPayloads = fc
  .record({
    parts: fc.array(
      fc.record({
        name: fc.constantFrom('file', 'altText', 'altText', 'other', '__proto__', ''),
        value: fc.oneof(
          nastyText,
          fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.concat([pngSignature, Buffer.from(a)])),
        ),
        asFile: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    closed: fc.boolean(),
  })
  .map(({ parts, closed }) =>
    multipartForm(
      parts.map((p) =>
        p.asFile
          ? { name: p.name, filename: 'x.png', type: 'image/png', data: Buffer.from(p.value) }
          : { name: p.name, value: p.value },
      ),
      { closed },
    ),
  );

/** Bodies that are not what they say they are. */
const rawBodies = fc.oneof(
  fc.constantFrom<[string, string]>(
    ['application/json', '{'],
    ['application/json', '{"a":'],
    ['application/json', "{'a':1}"],
    ['application/json', '\uFEFF{}'],
    ['application/json', ''],
    ['application/json', 'null'],
    ['application/json', '"\\u0000"'],
    ['application/json', '[1,]'],
    ['application/json; charset=utf-16', '{}'],
    ['application/json', '{"__proto__":{"isAdmin":true}}'],
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'a=1&__proto__=x'],
    ['application/xml', '<a/>'],
    ['multipart/form-data', '--x'],
  ),
  fc.integer({ min: 1000, max: 200_000 }).map((d): [string, string] => ['application/json', '['.repeat(d)]),
);

/**
 * The route's plausible request parts (real ids where the document names records) and the
 * builder that makes them one request, with any part replaced.
 */
function plausibleRequests(route: ApiRoute, documentCtx: FuzzContext, auth: Record<string, string>) {
  // `id` and `ids` mean the route's own records: those of the segment before `{id}`, or of the
  // last segment that names records (`ids` of DELETE /api/posts are post ids).
  const parts = route.path.split('/');
  const resource = parts[parts.indexOf('{id}') - 1] ?? [...parts].reverse().find((s) => s in documentCtx.ids);
  const own = resource === undefined ? undefined : documentCtx.ids[resource];
  const ctx: FuzzContext = own
    ? { ...documentCtx, ids: { ...documentCtx.ids, id: own, ids: own } }
    : documentCtx;
  const base = fc.record({
    path: plausibleParams(route.params, ctx).map((v) =>
      Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(String(x))])),
    ),
    query: plausibleParams(route.query, ctx).map(pairsOf),
    body: route.body ? plausible(route.body, ctx) : fc.constant(undefined),
  });
  const request = (
    part: FuzzRequest['part'],
    b: { path: Record<string, string>; query: Pairs; body: unknown },
    extra: { query?: string; headers?: Record<string, string>; payload?: string | Buffer } = {},
  ): FuzzRequest => {
    const json: Record<string, string> = b.body === undefined ? {} : { 'content-type': 'application/json' };
    return {
      part,
      method: route.method,
      url: pathWith(route, b.path) + (extra.query ?? queryText(b.query)),
      headers: { ...auth, ...json, ...extra.headers },
      ...(extra.payload !== undefined
        ? { payload: extra.payload }
        : b.body === undefined
          ? {}
          : { payload: toJsonText(b.body) }),
    };
  };

  return { ctx, base, request };
}

/**
 * The route's plausible request as the spec's client sends a bodiless call: `Content-Type:
 * application/json` with an empty body, which must read as no body (issue 25).
 */
export function emptyJsonBodyRequests(
  route: ApiRoute,
  documentCtx: FuzzContext,
  auth: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const { base, request } = plausibleRequests(route, documentCtx, auth);
  return base.map((b) =>
    request('empty-json', b, { headers: { 'content-type': 'application/json' }, payload: '' }),
  );
}

/**
 * Malformed variants of one route's request: everything plausible except one part — a path
 * parameter, the query string, the JSON body, the body's encoding, an upload form or a header.
 */
export function malformedRequests(
  route: ApiRoute,
  documentCtx: FuzzContext,
  auth: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const { ctx, base, request } = plausibleRequests(route, documentCtx, auth);
  const hasBody = route.method !== 'GET';

  const variants: fc.WeightedArbitrary<FuzzRequest>[] = [];
  if (route.params.length > 0) {
    const names = route.params.map((p) => p.name);
    variants.push({
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...names), fc.oneof(nastyText.map(encode), rawEncodings))
        .map(([b, name, bad]) => request('path', { ...b, path: { ...b.path, [name]: bad } })),
    });
  }
  const queryNames = route.query.map((p) => p.name);
  variants.push({
    weight: route.query.length > 0 ? 2 : 1,
    arbitrary: fc
      .tuple(
        base,
        fc.constantFrom(...queryNames, '__proto__', 'constructor', 'a\u0000b'),
        nastyText,
        fc.constantFrom('replace', 'repeat', 'raw'),
        rawEncodings,
      )
      .map(([b, name, bad, how, raw]) => {
        if (how === 'raw')
          return request('query', b, { query: `${queryText(b.query) || '?'}&${encode(name)}=${raw}` });
        const kept = how === 'replace' ? b.query.filter(([k]) => k !== name) : b.query;
        return request('query', { ...b, query: [...kept, [name, bad]] });
      }),
  });
  if (route.body) {
    variants.push({
      weight: 6,
      arbitrary: fc
        .tuple(base, malformed(plausible(route.body, ctx), nastyJson))
        .map(([b, body]) => request('body', { ...b, body })),
    });
  }
  if (hasBody) {
    variants.push({
      weight: 1,
      arbitrary: fc
        .tuple(base, rawBodies)
        .map(([b, [type, payload]]) => request('raw', b, { headers: { 'content-type': type }, payload })),
    });
  }
  if (hasBody && !route.body) {
    variants.push({
      weight: 3,
      arbitrary: fc
        .tuple(base, multipartPayloads)
        .map(([b, form]) =>
          request('multipart', b, { headers: { 'content-type': form.contentType }, payload: form.payload }),
        ),
    });
  }
  variants.push({
    weight: 1,
    arbitrary: fc
      .tuple(
        base,
        fc.constantFrom('authorization', 'cookie', 'if-none-match', 'accept-encoding', 'x-forwarded-for'),
        headerText,
      )
      .map(([b, name, value]) =>
        request('headers', b, {
          headers: { [name]: name === 'cookie' ? `fitpost_connect=${value}` : value },
        }),
      ),
  });
  return fc.oneof(...variants);
}

/** The request, short enough to read in a failure report. */
export function describeRequest(r: FuzzRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const payload =
    r.payload === undefined
      ? ''
      : `\n  body: ${cut(Buffer.isBuffer(r.payload) ? r.payload.toString('latin1') : r.payload, 400)}`;
  const headers = Object.entries(r.headers)
    .filter(([k]) => k !== 'authorization' || r.part === 'headers')
    .map(([k, v]) => `${k}: ${cut(JSON.stringify(v), 120)}`)
    .join(', ');
  return `${r.method} ${cut(JSON.stringify(r.url), 300)} [${r.part}]\n  headers: ${headers}${payload}`;
}
