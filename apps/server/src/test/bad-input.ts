import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Bad requests generated from openapi.json: every request carries at least one part that the
 * route's documented schema (or the edge) must refuse, so a correct server answers 4xx and changes
 * nothing. Whether a value is refused is decided conservatively (mayAccept answers true when
 * unsure), so a request that might be valid, and so might legitimately write, is never sent.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  /** a number, or (draft 4, as the zod converter writes it) a flag on minimum/maximum */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  operation: Operation;
}

export function routesOf(doc: OpenApi): Route[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({
      method: method.toUpperCase() as Route['method'],
      path,
      operation,
    })),
  );
}

function typesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number')
    return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

function numberFits(schema: JsonSchema, n: number, integer: boolean): boolean {
  if (!Number.isFinite(n)) return false;
  if (integer && !Number.isSafeInteger(n)) return false;
  const { minimum, maximum, exclusiveMinimum: exMin, exclusiveMaximum: exMax } = schema;
  if (minimum !== undefined && (exMin === true ? n <= minimum : n < minimum)) return false;
  if (maximum !== undefined && (exMax === true ? n >= maximum : n > maximum)) return false;
  if (typeof exMin === 'number' && n <= exMin) return false;
  if (typeof exMax === 'number' && n >= exMax) return false;
  return true;
}

/**
 * False only when the value is certainly refused. Numbers are also tried the way z.coerce reads
 * them (Number(value)), since path, query and some body numbers are coerced; strings are measured
 * both in UTF-16 units and in code points; any string with a NUL is refused by the edge.
 */
export function mayAccept(schema: JsonSchema, value: unknown): boolean {
  if (containsNulAnywhere(value)) return false;
  if (schema.anyOf) return schema.anyOf.some((s) => mayAccept(s, value));
  if (schema.oneOf) return schema.oneOf.some((s) => mayAccept(s, value));
  if (schema.allOf && !schema.allOf.every((s) => mayAccept(s, value))) return false;
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    return false;
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  const declared = schema.type === undefined ? [] : [schema.type].flat();
  if (declared.includes('number') || declared.includes('integer')) {
    const integer = !declared.includes('number');
    // z.coerce.number() reads anything through Number(): true is 1, [5] is 5, '' is 0
    if (numberFits(schema, typeof value === 'number' ? value : Number(value), integer)) return true;
    if (declared.length === 1 || !declared.some((t) => typesOf(value).includes(t))) return false;
  }
  if (declared.length > 0 && !declared.some((t) => typesOf(value).includes(t))) return false;
  if (typeof value === 'string') {
    const units = value.length;
    const points = [...value].length;
    if (schema.minLength !== undefined && Math.max(units, points) < schema.minLength) return false;
    if (schema.maxLength !== undefined && Math.min(units, points) > schema.maxLength) return false;
    if (schema.pattern !== undefined) {
      try {
        if (!new RegExp(schema.pattern, 'u').test(value)) return false;
      } catch {
        return true;
      }
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((v) => mayAccept(schema.items as JsonSchema, v))) return false;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) return false;
    for (const [key, v] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) {
        if (!mayAccept(property, v)) return false;
      } else if (schema.additionalProperties === false) {
        return false;
      }
    }
  }
  return true;
}

function containsNulAnywhere(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNulAnywhere);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNulAnywhere(v));
  }
  return false;
}

/** A value the schema accepts, for the parts of a request that are not the bad one. */
export function sample(schema: JsonSchema): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (first) return sample(first);
  const type: string = [schema.type ?? 'string'].flat()[0] ?? 'string';
  switch (type) {
    case 'integer':
    case 'number': {
      const { minimum, exclusiveMinimum } = schema;
      if (typeof exclusiveMinimum === 'number') return exclusiveMinimum + 1;
      if (minimum === undefined) return 1;
      return exclusiveMinimum === true ? minimum + 1 : minimum;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]),
      );
    default:
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Huge numbers JSON can write but JavaScript cannot (sent as raw JSON number literals). */
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0.0000001e-400'];
const RAW_MARK = '__raw_number__';

const FIXED_BAD_VALUES: unknown[] = [
  null,
  true,
  false,
  {},
  [],
  [1, 2],
  { $gt: '' },
  '',
  ' ',
  'a',
  'x'.repeat(5000),
  '가'.repeat(4001),
  '🎬'.repeat(2100),
  '\u202e\u200b\ufeff',
  '\u0000',
  'a\u0000b',
  '../../etc/passwd',
  "' or 1=1 --",
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  ...RAW_NUMBERS.map((n) => `${RAW_MARK}${n}`),
];

/** JSON text of a body, with raw number literals put in place of their markers. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${RAW_MARK}([^"]*)"`, 'g'), '$1');
}

function parsedLikeServer(value: unknown): unknown {
  return JSON.parse(toJsonText(value === undefined ? null : value)) as unknown;
}

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 5000 }),
  fc.integer(),
  fc.double(),
  fc.bigInt().map((b) => `${RAW_MARK}${b.toString()}`),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A value that the schema certainly refuses, or undefined when it accepts anything. */
export function badValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const pool = FIXED_BAD_VALUES.filter((v) => !mayAccept(schema, parsedLikeServer(v)));
  if (pool.length === 0) return undefined;
  return fc
    .tuple(anyJson, fc.constantFrom(...pool))
    .map(([random, fixed]) => (mayAccept(schema, parsedLikeServer(random)) ? fixed : random));
}

/** Path and query texts, some already percent-encoded (sent as they are). */
const RAW_PARAM_TEXTS = [
  '%zz',
  '%',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%252e%252e%252f',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
];
const PLAIN_PARAM_TEXTS = [
  '-1',
  '0',
  '1.5',
  '-0',
  'NaN',
  'Infinity',
  '1e400',
  '0x10',
  '99999999999999999999',
  'abc',
  '한글',
  '🎬',
  ' ',
  '..',
  'x'.repeat(1500),
  '가'.repeat(700),
];

interface ParamText {
  /** as written into the URL */
  raw: string;
}

function decodedOrUndefined(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** A path or query text the parameter certainly refuses (a bad encoding is always refused). */
function badParam(schema: JsonSchema): fc.Arbitrary<ParamText> | undefined {
  const refused = (raw: string) => {
    const decoded = decodedOrUndefined(raw);
    return decoded === undefined || !mayAccept(schema, decoded);
  };
  const pool: ParamText[] = [
    ...RAW_PARAM_TEXTS.map((raw) => ({ raw })),
    ...PLAIN_PARAM_TEXTS.map((text) => ({ raw: encodeURIComponent(text) })),
  ].filter((p) => refused(p.raw));
  if (pool.length === 0) return undefined;
  return fc
    .tuple(
      fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => ({ raw: encodeURIComponent(s) })),
      fc.constantFrom(...pool),
    )
    .map(([random, fixed]) => (random.raw !== '' && refused(random.raw) ? random : fixed));
}

export type Session = 'none' | 'guest' | 'member' | 'forged';

export interface BadRequest {
  method: Route['method'];
  url: string;
  headers: Record<string, string>;
  body?: string;
  session: Session;
  /** what makes it bad, for the failure message */
  why: string;
}

// not JSON at all (a huge exponent such as 1e999 is valid JSON: it is a bad value, not bad JSON)
const BAD_JSON_TEXTS = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,]',
  'nul',
  '{"a":1}}',
  '{"a":NaN}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '"\\ud800"x',
];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
  'text/html; charset=utf-8',
];

/**
 * Bad requests for one route, or undefined when the route takes no input at all (nothing can be
 * made invalid without risking a valid request).
 */
export function badRequests(route: Route): fc.Arbitrary<BadRequest> | undefined {
  const params = route.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonBody = route.operation.requestBody?.content['application/json'];
  const bodyRequired = route.operation.requestBody?.required === true;
  const bodySchema = jsonBody?.schema;
  // DELETE carries a JSON body here (DELETE /drama/bookmark)
  const acceptsBody = route.method !== 'GET';
  const acceptedTypes = Object.keys(route.operation.requestBody?.content ?? {});

  const validPath = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))]),
  );
  const validQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema))]),
  );
  const validBody = bodySchema ? sample(bodySchema) : undefined;

  interface Parts {
    path: Record<string, string>;
    query: Record<string, string>;
    rawQuery?: string;
    body?: string;
    contentType?: string;
    why: string;
  }
  const base = (): Parts => ({
    path: { ...validPath },
    query: { ...validQuery },
    body: validBody === undefined ? undefined : toJsonText(validBody),
    contentType: validBody === undefined ? undefined : 'application/json',
    why: '',
  });

  const mutations: fc.Arbitrary<Parts>[] = [];
  for (const p of pathParams) {
    const bad = badParam(p.schema);
    if (bad)
      mutations.push(
        bad.map((v) => ({
          ...base(),
          path: { ...validPath, [p.name]: v.raw },
          why: `path ${p.name}`,
        })),
      );
  }
  for (const p of queryParams) {
    const bad = badParam(p.schema);
    if (bad) {
      mutations.push(
        bad.map((v) => {
          const query = { ...validQuery };
          delete query[p.name];
          const rest = new URLSearchParams(query).toString();
          return {
            ...base(),
            query: {},
            rawQuery: `${rest ? `${rest}&` : ''}${p.name}=${v.raw}`,
            why: `query ${p.name}`,
          };
        }),
      );
    }
    if (p.required) {
      mutations.push(
        fc.constant(null).map(() => {
          const query = { ...validQuery };
          delete query[p.name];
          return { ...base(), query, why: `query ${p.name} missing` };
        }),
      );
    }
  }
  if (acceptsBody) {
    mutations.push(
      fc.constantFrom(...BAD_JSON_TEXTS).map((text) => ({
        ...base(),
        body: text,
        contentType: 'application/json',
        why: 'malformed JSON',
      })),
    );
    const wrongTypes = WRONG_CONTENT_TYPES.filter(
      (t) => !acceptedTypes.includes(t.split(';')[0] ?? t),
    );
    mutations.push(
      fc
        .tuple(fc.constantFrom(...wrongTypes), fc.constantFrom('a=1&b=2', '<x/>', '{"a":1}', 'x'))
        .map(([contentType, body]) => ({ ...base(), body, contentType, why: 'content type' })),
    );
  }
  if (acceptsBody && bodySchema && bodyRequired) {
    const record = (validBody ?? {}) as Record<string, unknown>;
    const extras = fc.dictionary(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((k) => !(k in record)),
      anyJson,
      { maxKeys: 3 },
    );
    const withBody = (body: unknown, why: string): Parts | undefined =>
      mayAccept(bodySchema, parsedLikeServer(body))
        ? undefined
        : { ...base(), body: toJsonText(body), contentType: 'application/json', why };
    for (const key of bodySchema.required ?? []) {
      mutations.push(
        extras.map((extra) => {
          const body: Record<string, unknown> = { ...record, ...extra };
          delete body[key];
          return withBody(body, `body ${key} missing`) ?? base();
        }),
      );
    }
    for (const [key, schema] of Object.entries(bodySchema.properties ?? {})) {
      const bad = badValue(schema);
      if (bad) {
        mutations.push(
          fc
            .tuple(bad, extras)
            .map(
              ([value, extra]) =>
                withBody({ ...record, ...extra, [key]: value }, `body ${key}`) ?? base(),
            ),
        );
      }
    }
    const badWhole = badValue(bodySchema);
    if (badWhole) mutations.push(badWhole.map((v) => withBody(v, 'body') ?? base()));
  }
  if (mutations.length === 0) return undefined;

  return fc
    .tuple(fc.oneof(...mutations), fc.constantFrom<Session>('none', 'guest', 'member', 'forged'))
    .filter(([parts]) => parts.why !== '')
    .map(([parts, session]) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.path[name] ?? '');
      const query = parts.rawQuery ?? new URLSearchParams(parts.query).toString();
      const headers: Record<string, string> = {};
      if (parts.contentType) headers['content-type'] = parts.contentType;
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers,
        body: acceptsBody ? parts.body : undefined,
        session,
        why: parts.why,
      };
    });
}

/**
 * Row count and a content hash of every table: any write shows. The wallet tables are the
 * ledger; their hashes are its checksum.
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, string>> {
  const tables: unknown = await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts = (tables as { rows: { table_name: string }[] }).rows.map(
    ({ table_name: name }) =>
      `select '${name.replace(/'/g, "''")}' as t, count(*)::text || ':' ||
        md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
       from "${name.replace(/"/g, '""')}" x`,
  );
  if (parts.length === 0) return {};
  const result: unknown = await db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(
    (result as { rows: { t: string; h: string }[] }).rows.map((r) => [r.t, r.h]),
  );
}
