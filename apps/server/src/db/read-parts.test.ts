import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { placeholdersBoundOnce } from './read-parts';

const dialect = new PgDialect();
const user = sql.placeholder('userId');
const drama = sql.placeholder('dramaId');

describe('placeholdersBoundOnce', () => {
  it('refers every use of a placeholder to its first number, and sends each value once', () => {
    const query = dialect.sqlToQuery(
      sql`select ${drama}, (select 1 where u = ${user} and d = ${drama}), ${user}, ${42}, ${sql.placeholder('at')}, ${42}`,
    );
    expect(query.sql).toBe('select $1, (select 1 where u = $2 and d = $3), $4, $5, $6, $7');
    const bound = placeholdersBoundOnce(query.sql, query.params);
    // plain values are not merged, even when equal: only a placeholder's name says "the same"
    expect(bound.text).toBe('select $1, (select 1 where u = $2 and d = $1), $2, $3, $4, $5');
    expect(bound.params).toEqual([drama, user, 42, sql.placeholder('at'), 42]);
  });

  it('leaves quoted strings, quoted names and comments as they are', () => {
    const query = dialect.sqlToQuery(
      sql`select ${user}, 'it''s $2', "odd $3 name", ${user} -- not $4\n, /* nor $5 */ ${user}`,
    );
    const bound = placeholdersBoundOnce(query.sql, query.params);
    expect(bound.text).toBe(
      `select $1, 'it''s $2', "odd $3 name", $1 -- not $4\n, /* nor $5 */ $1`,
    );
    expect(bound.params).toEqual([user]);
  });

  it('changes nothing when no placeholder repeats', () => {
    const query = dialect.sqlToQuery(sql`select ${user}, ${drama}`);
    expect(placeholdersBoundOnce(query.sql, query.params)).toEqual({
      text: query.sql,
      params: query.params,
    });
  });

  it('changes nothing in text it does not understand', () => {
    const params = [user, user];
    // a dollar-quoted string, numbers out of order, a number missing: as given
    for (const text of ['select $1, $2, $$ $1 $$', 'select $2, $1', 'select $1']) {
      expect(placeholdersBoundOnce(text, params)).toEqual({ text, params });
    }
  });
});
