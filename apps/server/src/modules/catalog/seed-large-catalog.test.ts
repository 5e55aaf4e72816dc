import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_BASE } from '@snapdrama/contract';
import { seedLargeCatalog } from '../../../scripts/seed-large-catalog';
import { useTestContext } from '../../test/harness';

const ctx = useTestContext({ seed: false });

describe('the synthetic catalog for benchmarks', () => {
  it('adds only what is missing, and leaves the search indexes as the schema has them', async () => {
    const db = ctx.database.db;
    expect(await seedLargeCatalog({ db, count: 40, batchSize: 15 })).toBe(40);
    expect(await seedLargeCatalog({ db, count: 40 })).toBe(0);
    expect(await seedLargeCatalog({ db, count: 45 })).toBe(5);
    expect(await ctx.services.catalogRepo.countDramas()).toBe(45);

    const result: unknown = await db.execute(
      sql`select relname, reloptions from pg_class where relname like 'dramas_search_%_trgm_idx' order by 1`,
    );
    expect((result as { rows: unknown[] }).rows).toEqual([
      { relname: 'dramas_search_grams_trgm_idx', reloptions: ['fastupdate=false'] },
      { relname: 'dramas_search_text_trgm_idx', reloptions: ['fastupdate=false'] },
    ]);

    await ctx.services.catalog.catalogChanged();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/search/list/${encodeURIComponent('드라마 42')}/12/1`,
    });
    expect(res.json().data.totalCount).toBe(1);
  });
});
