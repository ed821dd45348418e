import fc from 'fast-check';

/**
 * A JSON Schema node as the OpenAPI document carries it. The document's request schemas are the
 * contract's zod schemas, converted by zod itself (fastify-type-provider-zod), so walking them is
 * walking what zod accepts.
 */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: SchemaNode;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** JSON text placed as is into a body (deep nesting, prototype keys, bare duplicates). */
class RawJson {
  constructor(readonly text: string) {}
}

/** Serialises a value that may hold RawJson pieces (JSON.stringify would not let them through). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What generation may draw on: the document (for $ref) and ids of records that exist. */
export interface FuzzContext {
  resolve: (ref: string) => SchemaNode;
  /**
   * Ids of real records by the field or path parameter that names them (`connectionIds`,
   * `contentId`, `posts` for the `{id}` after `/api/posts`…), so a plausible id mostly names
   * something the route can act on. Other uuid fields draw from all of them.
   */
  ids: Readonly<Record<string, readonly string[]>>;
}

const idsNamed = (ctx: FuzzContext, name: string | undefined) =>
  (name === undefined ? undefined : ctx.ids[name]) ?? [...new Set(Object.values(ctx.ids).flat())];

const typesOf = (n: SchemaNode) => (n.type === undefined ? [] : Array.isArray(n.type) ? n.type : [n.type]);

/** Feed and link URLs point at a closed loopback port: nothing generated can reach another machine. */
const loopbackUrl = fc.webPath().map((path) => `http://127.0.0.1:9${path.startsWith('/') ? '' : '/'}${path}`);

const now = Date.now();

function plausibleString(n: SchemaNode, ctx: FuzzContext, name?: string): fc.Arbitrary<string> {
  const min = n.minLength ?? 0;
  const max = n.maxLength ?? Infinity;
  switch (n.format) {
    case 'uuid': {
      const ids = idsNamed(ctx, name);
      if (ids.length === 0) return fc.uuid({ version: 4 });
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, fc.uuid({ version: 4 }));
    }
    case 'date-time':
      // Mostly the coming weeks, where schedules live; impossible dates come with the malformed ones.
      return fc
        .date({ min: new Date(now + 3_600_000), max: new Date(now + 60 * 86_400_000), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
      return loopbackUrl;
    case 'email':
      return fc.emailAddress();
  }
  if (n.pattern) {
    const fits = (s: string) => s.length >= min && s.length <= max;
    return fc.stringMatching(new RegExp(n.pattern)).filter(fits);
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 30)) });
}

/**
 * Values the schema accepts, or nearly (refinements are not in the document). `name` is the field
 * or parameter the value is for, which picks real ids.
 */
export function plausible(node: SchemaNode, ctx: FuzzContext, name?: string): fc.Arbitrary<unknown> {
  const n = node.$ref ? ctx.resolve(node.$ref) : node;
  if ('const' in n) return fc.constant(n.const);
  if (n.enum) return fc.constantFrom(...n.enum);
  const alternatives = n.anyOf ?? n.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => plausible(a, ctx, name)));
  if (n.allOf?.[0]) return plausible(n.allOf[0], ctx, name);
  const types = typesOf(n);
  if (types.length > 1) return fc.oneof(...types.map((type) => plausible({ ...n, type }, ctx, name)));
  switch (types[0]) {
    case 'string':
      return plausibleString(n, ctx, name);
    case 'integer':
      return fc.integer({ min: n.minimum ?? -1000, max: n.maximum ?? 100_000 });
    case 'number':
      return fc.double({ min: n.minimum ?? -1000, max: n.maximum ?? 100_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = n.minItems ?? 0;
      const maxLength = Math.min(n.maxItems ?? 3, Math.max(minLength, 3));
      return fc.array(plausible(n.items ?? {}, ctx, name), { minLength, maxLength });
    }
    case 'object': {
      const props = n.properties ?? {};
      const fields = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, ctx, k)])),
        { requiredKeys: (n.required ?? []).filter((k) => k in props) },
      );
      if (typeof n.additionalProperties !== 'object') return fields;
      const extra = fc.dictionary(
        plausibleString(n.propertyNames ?? { type: 'string' }, ctx),
        plausible(n.additionalProperties, ctx),
        { minKeys: 1, maxKeys: 2 },
      );
      return fc.tuple(fields, extra).map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// -------------------------------------------------------------------------------------------------
// Malformed values

/** Instants PostgreSQL, JavaScript or the schemas disagree about. */
const badDates = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59.999+14:00',
  '0001-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '2024-02-30T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2024-01-01T00:00:00',
  '2024-01-01',
  '2024-01-01T00:00:00.0000000001Z',
  '1970-01-01T00:00:00+99:99',
] as const;

const withNul = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
  .map(([a, b]) => `${a}\u0000${b}`);

const oddText = fc.constantFrom(
  '',
  ' ',
  '\uD800',
  '\uDFFFx',
  '\uFFFE',
  '\u202Eevil',
  '\r\n',
  '%00',
  '%',
  "'; drop table posts; --",
  '\\',
  '../../etc/passwd',
  'null',
  'NaN',
  '-1',
  '1e400',
  '__proto__',
  'constructor',
);

const oddNumbers = fc.constantFrom(-1, 0, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE);

/** Long strings of one character: plain, accented, astral, NUL, blank. */
const huge = (lengths: readonly number[]) =>
  fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '😀', '\u0000', ' '))
    .map(([n, ch]) => ch.repeat(n));

/** Anything a query string or path segment can carry. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  withNul,
  oddText,
  fc.constantFrom(...badDates),
  huge([300, 5_000]),
  oddNumbers.map(String),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const nest = (depth: number, open: string, close: string) =>
  new RawJson(open.repeat(depth) + '1' + close.repeat(depth));

/** Anything a JSON body can carry in place of a value. */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  withNul,
  oddText,
  fc.constantFrom(...badDates),
  huge([5_000, 70_000, 200_000]),
  oddNumbers,
  fc.constantFrom(null, true, false, [], {}, [[]], [null], { a: null }, '1', 'true'),
  fc.integer({ min: 50, max: 20_000 }).map((d) => nest(d, '[', ']')),
  fc.integer({ min: 50, max: 20_000 }).map((d) => nest(d, '{"a":', '}')),
  fc.constantFrom(
    new RawJson('{"__proto__":{"isAdmin":true,"portalId":2}}'),
    new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
    new RawJson('{"a":1,"a":"\\u0000"}'),
  ),
);

/** Keys a body should never trip over. */
const oddKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000b', '', 'id', 'isAdmin');

type Path = (string | number)[];

function pathsOf(value: unknown, here: Path = [], out: Path[] = []): Path[] {
  out.push(here);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...here, i], out));
  else if (value !== null && typeof value === 'object' && !(value instanceof RawJson))
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...here, k], out);
  return out;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

/** A copy of `value` with `path` set to `replacement` (own keys only, `__proto__` included). */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy: unknown = Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) };
  const next = setAt((value as Record<string | number, unknown>)[head], rest, replacement);
  Object.defineProperty(copy, head, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}

type Mutation = 'replace' | 'nul-inside' | 'add-key';

/**
 * One malformed variant of a plausible value: a single spot replaced by a nasty value, a NUL
 * slipped inside an otherwise valid string, or an odd key added to an object. One spot at a time,
 * so the rest of the request stays valid and the bad part travels as deep as the server lets it.
 */
export function malformed(base: fc.Arbitrary<unknown>, nasty: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: base,
      kind: fc.constantFrom<Mutation>('replace', 'replace', 'nul-inside', 'nul-inside', 'add-key'),
      pick: fc.nat(),
      position: fc.nat(),
      bad: nasty,
      key: oddKeys,
    })
    .map(({ value, kind, pick, position, bad, key }) => {
      const paths = pathsOf(value);
      if (kind === 'nul-inside') {
        const strings = paths.filter((p) => typeof getAt(value, p) === 'string');
        const path = strings[pick % Math.max(strings.length, 1)];
        if (path) {
          const s = getAt(value, path) as string;
          const at = position % (s.length + 1);
          return setAt(value, path, `${s.slice(0, at)}\u0000${s.slice(at)}`);
        }
      }
      if (kind === 'add-key') {
        const objects = paths.filter((p) => {
          const v = getAt(value, p);
          return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawJson);
        });
        const path = objects[pick % Math.max(objects.length, 1)];
        if (path) return setAt(value, [...path, key], bad);
      }
      return setAt(value, paths[pick % paths.length] ?? [], bad);
    });
}
