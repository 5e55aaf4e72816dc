import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, catalogAdminPaths as paths } from '@snapdrama/contract';
import { seedLargeCatalog } from '../../../scripts/seed-large-catalog';
import { createTestContext, type TestContext } from '../../test/harness';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';

/**
 * The console's list at scale (decision 1541): with a synthetic catalog, every query of the list
 * is served by an index (the plan is checked, not guessed) and answers with the right totals; its
 * times are printed, not asserted (a loaded machine is no measure: the speed is the bench's and
 * the run log's). 20,000 dramas by default so the suite stays quick; CONSOLE_LIST_DRAMAS=100000
 * runs it at the size of the issue (bench/results/2026-12-03-console-catalog-list.md has both
 * runs).
 */
const SIZE = Number(process.env.CONSOLE_LIST_DRAMAS ?? 20_000);

let ctx: TestContext;
let editor: OperatorCaller;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  await seedLargeCatalog({ db: ctx.database.db, count: SIZE, batchSize: 2000 });
  editor = await signInOperator(ctx, 'editor');
}, 900_000);
afterAll(() => ctx.close());

const explain = async (statement: ReturnType<typeof sql>) => {
  const result: unknown = await ctx.database.db.execute(sql`explain ${statement}`);
  return (result as { rows: { 'QUERY PLAN': string }[] }).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
};

async function timed(query: string): Promise<{ ms: number; total: number; ids: number[] }> {
  const started = performance.now();
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}${paths.dramas()}?${query}`,
    headers: editor.headers,
  });
  const ms = performance.now() - started;
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as { total: number; dramas: { id: number }[] };
  return { ms, total: data.total, ids: data.dramas.map((d) => d.id) };
}

describe(`the console's drama list over ${SIZE} dramas`, () => {
  it('uses the title trigram indexes, the primary key and the sort indexes', async () => {
    const byTitle = await explain(
      sql`select id from dramas where title_search like '%moonlit bride%' and archived_at is null order by id desc limit 20`,
    );
    expect(byTitle).toContain('dramas_title_search_trgm_idx');
    const shortKeyword = await explain(
      sql`select id from dramas where title_grams like '%달Q빛%' and archived_at is null order by id desc limit 20`,
    );
    // a common short word: walking the primary key until a page is found beats the index (the
    // planner picks either; a whole-table scan never)
    expect(shortKeyword).toMatch(
      /dramas_title_grams_trgm_idx|Index Scan Backward using dramas_pkey/,
    );
    for (const p of [byTitle, shortKeyword]) expect(p).not.toContain('Seq Scan');
    const newest = await explain(
      sql`select id from dramas where archived_at is null order by id desc limit 20 offset 0`,
    );
    expect(newest).toMatch(/Index Scan Backward using dramas_pkey/);
    const released = await explain(
      sql`select id from dramas where archived_at is null order by registered_at desc nulls last, id desc nulls last limit 20`,
    );
    expect(released).toContain('dramas_registered_at_idx');
    const views = await explain(
      sql`select id from dramas where archived_at is null order by view_count desc nulls last, id desc nulls last limit 20`,
    );
    expect(views).toContain('dramas_view_count_idx');
    const archived = await explain(
      sql`select id from dramas where archived_at is not null order by archived_at desc nulls last, id desc nulls last limit 20`,
    );
    expect(archived).toContain('dramas_archived_idx');
    const scheduled = await explain(
      sql`select id from dramas where publish_at <= now() and archived_at is null order by publish_at limit 100`,
    );
    expect(scheduled).toContain('dramas_publish_at_idx');
  });

  it('answers every kind of query with the right totals, and prints how long each took', async () => {
    const results: Record<string, number> = {};
    for (const query of [
      'size=20',
      'size=100&page=50',
      'sort=released',
      'sort=views',
      'q=moonlit',
      'q=drama%204242',
      `q=${encodeURIComponent('달빛')}`,
      `q=${encodeURIComponent('月光')}`,
      'state=published&ageRate=15',
      'categoryId=1&sort=newest',
      'q=moonlit&state=published&ageRate=12&sort=views',
    ]) {
      // the first call plans and warms; the second is measured
      await timed(query);
      const { ms } = await timed(query);
      results[query] = Math.round(ms);
    }
    console.info(`console list over ${SIZE} dramas, ms per request:`, results);
    // one numbered title holds "Drama 4242" in English (4242, 42420... when the catalog is big)
    const numbered = await timed('q=drama%204242');
    expect(numbered.ids.length).toBeGreaterThanOrEqual(1);
    const everything = await timed('size=1');
    expect(everything.total).toBe(SIZE);
    const moonlit = await timed('q=moonlit');
    // one adjective in twenty
    expect(moonlit.total).toBe(Math.floor(SIZE / 20));
  });
});
