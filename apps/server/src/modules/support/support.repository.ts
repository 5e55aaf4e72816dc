import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { inquiries } from './support.tables';

export type InquiryRow = typeof inquiries.$inferSelect;
export type InquiryStatus = 'open' | 'answered' | 'closed';

export function createSupportRepository(db: Db) {
  return {
    db,

    async insertInquiry(values: { userId: string; contents: string; lang: string; now: Date }) {
      const [row] = await db
        .insert(inquiries)
        .values({
          userId: values.userId,
          contents: values.contents,
          lang: values.lang,
          createdAt: values.now,
        })
        .returning({ id: inquiries.id });
      if (!row) throw new Error('inquiry insert returned nothing');
      return row.id;
    },

    /** A viewer's inquiries, newest first. */
    async inquiriesOf(userId: string, limit = 100) {
      return db
        .select()
        .from(inquiries)
        .where(eq(inquiries.userId, userId))
        .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
        .limit(limit);
    },

    /** The operators' inbox: one status (or all), oldest open first is the caller's order. */
    async inbox(filter: { status?: InquiryStatus; limit: number; offset: number }) {
      const where = filter.status ? eq(inquiries.status, filter.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(inquiries)
          .where(where)
          .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(inquiries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countsByStatus(): Promise<Record<InquiryStatus, number>> {
      const rows = await db
        .select({ status: inquiries.status, n: count() })
        .from(inquiries)
        .groupBy(inquiries.status);
      const counts = { open: 0, answered: 0, closed: 0 };
      for (const r of rows) if (r.status in counts) counts[r.status as InquiryStatus] = r.n;
      return counts;
    },

    async lock(tx: Tx, id: string): Promise<InquiryRow | undefined> {
      const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update');
      return row;
    },

    async update(
      tx: Tx,
      id: string,
      values: Partial<
        Pick<InquiryRow, 'status' | 'answer' | 'answeredAt' | 'answeredBy' | 'closedAt'>
      >,
    ): Promise<InquiryRow> {
      const [row] = await tx.update(inquiries).set(values).where(eq(inquiries.id, id)).returning();
      if (!row) throw new Error(`inquiry ${id} vanished`);
      return row;
    },

    async moveInquiries(tx: Tx, fromUserId: string, toUserId: string) {
      await tx.update(inquiries).set({ userId: toUserId }).where(eq(inquiries.userId, fromUserId));
    },

    async deleteInquiries(tx: Tx, userId: string) {
      await tx.delete(inquiries).where(eq(inquiries.userId, userId));
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
