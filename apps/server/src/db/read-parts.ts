import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { readPipelineOf, type Db } from './client';

/**
 * One thing a module knows about a caller (a balance, the episodes they viewed, a bookmark), as a
 * scalar SQL expression over the module's own tables. Parts of several modules run together as
 * the columns of one statement: a request that needs five of them pays one round trip, not five
 * (docs/decisions/1300-per-viewer-reads.md).
 *
 * The SQL is fixed, so the statement is prepared once; it may use the caller placeholders below
 * and placeholders of its own. bind() runs once per execution: the values of the part's own
 * placeholders and how to read the value the database answered (a json value, mostly: the same on
 * PGlite and node-postgres), both seeing the same moment (e.g. the clock's now).
 */
export interface ReadPart<T> {
  sql: SQL;
  bind(): { values?: Record<string, unknown>; decode: (raw: unknown) => T };
}

export type ReadParts = Record<string, ReadPart<unknown>>;
export type ReadPartValues<P extends ReadParts> = {
  [K in keyof P]: P[K] extends ReadPart<infer T> ? T : never;
};

/** Placeholders every caller statement fills: the caller's user id, and the drama read about. */
export const callerPlaceholders = {
  userId: sql.placeholder('userId'),
  dramaId: sql.placeholder('dramaId'),
} as const;

/** A part whose decoding needs nothing of the moment. */
export function readPart<T>(expression: SQL, decode: (raw: unknown) => T): ReadPart<T> {
  const bound = { decode };
  return { sql: expression, bind: () => bound };
}

/**
 * Binds every part for one execution: the values of their own placeholders (added to `values`)
 * and a function reading a result row (column per part key) into each part's value. The parts
 * are listed once here, not at every execution.
 */
export function partsBinder<P extends ReadParts>(
  parts: P,
): (values: Record<string, unknown>) => {
  values: Record<string, unknown>;
  read(row: Record<string, unknown>): ReadPartValues<P>;
} {
  const keys = Object.keys(parts);
  const list = Object.values(parts);
  return (values) => {
    const all: Record<string, unknown> = { ...values };
    const decoders = list.map((part) => {
      const bound = part.bind();
      if (bound.values) Object.assign(all, bound.values);
      return bound.decode;
    });
    return {
      values: all,
      read(row) {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i += 1) {
          const key = keys[i] ?? '';
          out[key] = decoders[i]?.(row[key]);
        }
        return out as ReadPartValues<P>;
      },
    };
  };
}

/** The select fields of the parts: one column per part key. */
export function partFields(parts: ReadParts): Record<string, SQL> {
  return Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, part.sql]));
}

/** A json array of integers as answered by the driver (json_agg over an empty set is null). */
export function intArray(raw: unknown): number[] {
  return Array.isArray(raw) ? raw.map(Number) : [];
}

/** Two parts (of two modules, say) as one: both values, merged by `merge`. */
export function joinParts<A, B, T>(
  a: ReadPart<A>,
  b: ReadPart<B>,
  merge: (a: A, b: B) => T,
): ReadPart<T> {
  return {
    sql: sql`json_build_array(${a.sql}, ${b.sql})`,
    bind() {
      const boundA = a.bind();
      const boundB = b.bind();
      return {
        values: { ...boundA.values, ...boundB.values },
        decode: (raw) => {
          const [rawA, rawB] = Array.isArray(raw) ? (raw as unknown[]) : [];
          return merge(boundA.decode(rawA), boundB.decode(rawB));
        },
      };
    },
  };
}

/** A select built with the query builder, before it is prepared. */
export interface SelectQuery {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown[]> };
}

/**
 * The statement with each named placeholder bound once: drizzle numbers every use of a
 * placeholder apart (`$2`, `$4`, `$6`... for the same user id), so a statement of six parts sends
 * the user's id six times, and the driver serializes it six times per execution. Here every use
 * of a placeholder's name refers to the number of its first use; other parameters keep theirs.
 *
 * Only parameter references outside quoted strings, quoted names and comments are renumbered;
 * if the text does not have exactly `$1`..`$n` once each and in order (what drizzle writes), it
 * is returned unchanged. All uses of one name must be of one type (PostgreSQL infers one type per
 * parameter; the statement fails to prepare otherwise).
 */
export function placeholdersBoundOnce(
  text: string,
  params: unknown[],
): { text: string; params: unknown[] } {
  const unchanged = { text, params };
  const numberOf = new Map<string, number>();
  const kept: unknown[] = [];
  /** old number (1-based) -> new number */
  const renumbered = params.map((param) => {
    if (is(param, Placeholder)) {
      const known = numberOf.get(param.name);
      if (known !== undefined) return known;
      numberOf.set(param.name, kept.length + 1);
    }
    kept.push(param);
    return kept.length;
  });
  if (kept.length === params.length) return unchanged;
  let out = '';
  let from = 0;
  let expected = 1;
  /** the index of the last character of `end` found from `at` */
  const skipTo = (end: string, at: number) => {
    const found = text.indexOf(end, at);
    return found < 0 ? text.length : found + end.length - 1;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "'") i = skipTo("'", i + 1);
    else if (c === '"') i = skipTo('"', i + 1);
    else if (c === '-' && text[i + 1] === '-') i = skipTo('\n', i + 2);
    else if (c === '/' && text[i + 1] === '*') i = skipTo('*/', i + 2);
    else if (c === '$') {
      const digits = /^\$(\d+)/.exec(text.slice(i, i + 12));
      // a dollar-quoted string ($$ or $tag$): drizzle writes none; not ours to renumber
      if (!digits) return unchanged;
      const n = Number(digits[1]);
      if (n !== expected) return unchanged;
      expected += 1;
      out += `${text.slice(from, i)}$${renumbered[n - 1]}`;
      i += digits[0].length - 1;
      from = i + 1;
    }
  }
  if (expected !== params.length + 1) return unchanged;
  return { text: out + text.slice(from), params: kept };
}

/** A value written into an EXECUTE as a literal: only strings and numbers are expected here. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return `'${value}'`;
  if (typeof value === 'string' && !value.includes('\u0000')) {
    // standard_conforming_strings is on (the default): a quote is the only special character
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`cannot write ${typeof value} as an EXECUTE parameter`);
}

const preparedNames = new WeakMap<PGlite, Set<string>>();

/**
 * node-postgres' parsers as drizzle sets them for its queries: dates, times and intervals (and
 * their arrays) stay the strings PostgreSQL sent.
 */
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asSent = (value: string) => value;
const driverTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    RAW_TYPES.has(oid) ? asSent : (pg.types.getTypeParser(oid, format) as (v: string) => unknown),
};

const boundOnce = (query: SelectQuery) => {
  const { sql: text, params } = query.toSQL();
  return placeholdersBoundOnce(text, params);
};

/**
 * `query` prepared once as `name`, answering rows keyed by `keys` (its select fields, in order).
 *
 * On PostgreSQL this is node-postgres' named statement: each pooled connection parses and plans
 * it once. On PGlite the driver sends every query unnamed, so PGlite parses and plans it again at
 * each call (half a millisecond of WebAssembly for a statement of a few subqueries): there the
 * statement is PREPAREd on its one connection and run with EXECUTE, its values written as
 * literals (EXECUTE takes no bind parameters).
 */
export function preparedRows(
  db: Db,
  name: string,
  query: SelectQuery,
  keys: string[],
): (values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  const client = (db as { $client?: unknown }).$client;
  const toObjects = (rows: unknown[][]) => {
    const objects: Record<string, unknown>[] = [];
    for (const row of rows) {
      const object: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) object[keys[i] ?? ''] = row[i];
      objects.push(object);
    }
    return objects;
  };
  const pipeline = readPipelineOf(client);
  if (pipeline) {
    // PostgreSQL: on the pool's read pipeline, not drizzle's prepared query: the same named
    // statement and values, without its per-execution wrapping (decision 1300, third pass);
    // dates stay strings as drizzle has them
    const { text, params } = boundOnce(query);
    // node-postgres copies a query config's own properties at every query (by their property
    // descriptors: about 3 µs); these are inherited, so what it copies is an empty object
    const config: pg.QueryConfig = Object.create({
      name,
      text,
      rowMode: 'array',
      types: driverTypes,
    } satisfies pg.QueryArrayConfig) as pg.QueryConfig;
    return async (values) =>
      toObjects((await pipeline.query(config, fillPlaceholders(params, values))).rows);
  }
  if (!(client instanceof PGlite)) {
    const prepared = query.prepare(name);
    return async (values) => (await prepared.execute(values)) as Record<string, unknown>[];
  }
  const { text, params } = boundOnce(query);
  // two apps on one PGlite (tests restart one) prepare the same statements: one name each
  const taken = preparedNames.get(client) ?? new Set<string>();
  preparedNames.set(client, taken);
  let unique = name;
  for (let n = 2; taken.has(unique); n += 1) unique = `${name}_${n}`;
  taken.add(unique);
  let prepared: Promise<unknown> | undefined;
  return async (values) => {
    prepared ??= client.exec(`prepare ${unique} as ${text}`).catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    await prepared;
    const args = fillPlaceholders(params, values).map(literal);
    const execute = args.length ? `execute ${unique}(${args.join(', ')})` : `execute ${unique}`;
    // the simple protocol: one message and one answer. query() would send it by the extended
    // protocol (parse, bind, describe, execute, sync), which costs PGlite about twice the CPU
    const [result] = await client.exec(execute, { rowMode: 'array' });
    return toObjects((result?.rows ?? []) as unknown[][]);
  };
}
