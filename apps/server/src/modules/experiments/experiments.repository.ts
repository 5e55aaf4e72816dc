import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { experimentExposures, experiments } from './experiments.tables';

type Q = Db | Tx;
export type ExperimentRow = typeof experiments.$inferSelect;
export type NewExperiment = typeof experiments.$inferInsert;
export interface ExposureRow {
  experimentId: string;
  userId: string;
  variant: number;
  firstExposedAt: Date;
}

/** SQL of the experiments module's own tables (experiments, experiment_exposures). */
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

    exposuresOfExperiment(experimentId: string): Promise<ExposureRow[]> {
      return db
        .select()
        .from(experimentExposures)
        .where(eq(experimentExposures.experimentId, experimentId));
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
