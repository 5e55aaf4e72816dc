import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/daily';
import type { VariantSums } from './experiments-results';
import {
  experimentExposures,
  type ExperimentRow,
  experiments,
  experimentViewers,
  type NewExperiment,
} from './experiments.tables';

type Q = Db | Tx;
export interface ExposureRow {
  experimentId: string;
  userId: string;
  variant: number;
  firstExposedAt: Date;
}

/** One variant's sums as a statement answers them (big sums as text). */
export interface VariantSumRow {
  variant: number;
  exposures: number;
  conversions: number;
  revenue: string;
  revenue_squares: string;
}

export const toVariantSums = (r: VariantSumRow): VariantSums => ({
  variant: r.variant,
  exposures: r.exposures,
  conversions: r.conversions,
  revenue: Number(r.revenue),
  revenueSquares: Number(r.revenue_squares),
});

/** SQL of the experiments module's own tables (experiments, experiment_exposures, experiment_viewers). */
export function createExperimentsRepository(db: Db) {
  return {
    db,

    async insert(tx: Tx, row: NewExperiment): Promise<ExperimentRow> {
      const [created] = await tx.insert(experiments).values(row).returning();
      if (!created) throw new Error('experiment insert returned nothing');
      return created;
    },

    async byId(q: Q, id: string, lock = false): Promise<ExperimentRow | undefined> {
      const query = q.select().from(experiments).where(eq(experiments.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    list(): Promise<ExperimentRow[]> {
      return db
        .select()
        .from(experiments)
        .orderBy(desc(experiments.createdAt), asc(experiments.id));
    },

    /** Every experiment past its draft: what viewers may have been shown. */
    shownExperiments(): Promise<ExperimentRow[]> {
      return db.select().from(experiments).where(ne(experiments.status, 'draft'));
    },

    async update(tx: Tx, id: string, change: Partial<NewExperiment>): Promise<ExperimentRow> {
      const [row] = await tx
        .update(experiments)
        .set(change)
        .where(eq(experiments.id, id))
        .returning();
      if (!row) throw new Error(`experiment ${id} vanished`);
      return row;
    },

    /** The viewer's first exposures among these experiments. */
    async exposuresOf(userId: string, experimentIds: string[]): Promise<ExposureRow[]> {
      if (experimentIds.length === 0) return [];
      return db
        .select()
        .from(experimentExposures)
        .where(
          and(
            eq(experimentExposures.userId, userId),
            inArray(experimentExposures.experimentId, experimentIds),
          ),
        );
    },

    /** The first exposure only: a repeat changes nothing (unique per experiment and viewer). */
    async recordExposure(row: ExposureRow): Promise<void> {
      await db.insert(experimentExposures).values(row).onConflictDoNothing();
    },

    /**
     * The results' sums per variant, from the rollup (one row per exposed viewer, decision 1613):
     * exposed, converted, revenue summed (exactly) and its squares summed (in double precision:
     * 15 digits, more than the intervals use, and faster than numeric over 100,000 rows).
     */
    async variantSums(experimentId: string): Promise<VariantSums[]> {
      const rows = await rowsOf<VariantSumRow>(
        db,
        sql`select variant, count(*)::int as exposures,
              count(*) filter (where outcomes > 0)::int as conversions,
              coalesce(sum(revenue), 0)::text as revenue,
              coalesce(sum(revenue::float8 * revenue), 0)::text as revenue_squares
            from ${experimentViewers}
            where experiment_id = ${experimentId}::uuid
            group by variant order by variant`,
      );
      return rows.map(toVariantSums);
    },

    async exposureCounts(experimentId: string): Promise<number[]> {
      const rows = await db
        .select({ variant: experimentExposures.variant, n: sql<number>`count(*)::int` })
        .from(experimentExposures)
        .where(eq(experimentExposures.experimentId, experimentId))
        .groupBy(experimentExposures.variant);
      const counts = [0, 0, 0, 0];
      for (const r of rows) counts[r.variant] = r.n;
      return counts;
    },
  };
}

export type ExperimentsRepository = ReturnType<typeof createExperimentsRepository>;
