import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  cannedReplies,
  inquiries,
  viewerNotes,
  type CannedReplyRow,
  type InquiryRow,
  type NoteRow,
} from './support.tables';

export type InquiryStatus = 'open' | 'answered' | 'closed';

/** An answer the viewer has not opened: answered (or closed after an answer), not read since. */
const unreadAnswer = and(isNotNull(inquiries.answer), isNull(inquiries.answerReadAt));

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

    /**
     * The operators' inbox: one status (or all), one assignee (or the unassigned, or all); newest
     * first, or the longest waiting first (the oldest still open, then the rest by age).
     */
    async inbox(filter: {
      status?: InquiryStatus;
      assignee?: string;
      sort: 'newest' | 'waiting';
      limit: number;
      offset: number;
    }) {
      const where = and(
        filter.status ? eq(inquiries.status, filter.status) : undefined,
        filter.assignee === 'none'
          ? isNull(inquiries.assignedTo)
          : filter.assignee
            ? eq(inquiries.assignedTo, filter.assignee)
            : undefined,
      );
      const order =
        filter.sort === 'waiting'
          ? [sql`(${inquiries.status} = 'open') desc`, asc(inquiries.createdAt), asc(inquiries.id)]
          : [desc(inquiries.createdAt), desc(inquiries.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(inquiries)
          .where(where)
          .orderBy(...order)
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
        Pick<
          InquiryRow,
          | 'status'
          | 'answer'
          | 'answeredAt'
          | 'answeredBy'
          | 'closedAt'
          | 'assignedTo'
          | 'answerReadAt'
        >
      >,
    ): Promise<InquiryRow> {
      const [row] = await tx.update(inquiries).set(values).where(eq(inquiries.id, id)).returning();
      if (!row) throw new Error(`inquiry ${id} vanished`);
      return row;
    },

    async unreadAnswers(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(inquiries)
        .where(and(eq(inquiries.userId, userId), unreadAnswer));
      return row?.n ?? 0;
    },

    /** Marks the viewer's unread answers read (these ids, or all); the number marked. */
    async markAnswersRead(userId: string, ids: string[] | undefined, now: Date): Promise<number> {
      const rows = await db
        .update(inquiries)
        .set({ answerReadAt: now })
        .where(
          and(
            eq(inquiries.userId, userId),
            unreadAnswer,
            ids ? inArray(inquiries.id, ids) : undefined,
          ),
        )
        .returning({ id: inquiries.id });
      return rows.length;
    },

    // --- operators' notes on a viewer ------------------------------------------------------

    async insertNoteIn(tx: Tx, values: { userId: string; text: string; by: string; now: Date }) {
      const [row] = await tx
        .insert(viewerNotes)
        .values({
          userId: values.userId,
          text: values.text,
          createdBy: values.by,
          createdAt: values.now,
        })
        .returning();
      if (!row) throw new Error('note insert returned nothing');
      return row;
    },

    async notesOf(userId: string, limit = 200): Promise<NoteRow[]> {
      return db
        .select()
        .from(viewerNotes)
        .where(eq(viewerNotes.userId, userId))
        .orderBy(desc(viewerNotes.createdAt), desc(viewerNotes.id))
        .limit(limit);
    },

    // --- canned replies --------------------------------------------------------------------

    async cannedReplies(): Promise<CannedReplyRow[]> {
      return db
        .select()
        .from(cannedReplies)
        .orderBy(asc(cannedReplies.lang), asc(cannedReplies.title));
    },

    async lockCannedReply(tx: Tx, id: string): Promise<CannedReplyRow | undefined> {
      const [row] = await tx
        .select()
        .from(cannedReplies)
        .where(eq(cannedReplies.id, id))
        .for('update');
      return row;
    },

    async insertCannedReply(
      tx: Tx,
      values: { lang: string; title: string; body: string; by: string; now: Date },
    ): Promise<CannedReplyRow> {
      const [row] = await tx
        .insert(cannedReplies)
        .values({
          lang: values.lang,
          title: values.title,
          body: values.body,
          updatedBy: values.by,
          updatedAt: values.now,
        })
        .returning();
      if (!row) throw new Error('canned reply insert returned nothing');
      return row;
    },

    async updateCannedReply(
      tx: Tx,
      id: string,
      values: { lang: string; title: string; body: string; by: string; now: Date },
    ): Promise<CannedReplyRow> {
      const [row] = await tx
        .update(cannedReplies)
        .set({
          lang: values.lang,
          title: values.title,
          body: values.body,
          updatedBy: values.by,
          updatedAt: values.now,
        })
        .where(eq(cannedReplies.id, id))
        .returning();
      if (!row) throw new Error(`canned reply ${id} vanished`);
      return row;
    },

    async deleteCannedReply(tx: Tx, id: string): Promise<void> {
      await tx.delete(cannedReplies).where(eq(cannedReplies.id, id));
    },

    async moveInquiries(tx: Tx, fromUserId: string, toUserId: string) {
      await tx.update(inquiries).set({ userId: toUserId }).where(eq(inquiries.userId, fromUserId));
    },

    async deleteInquiries(tx: Tx, userId: string) {
      await tx.delete(inquiries).where(eq(inquiries.userId, userId));
    },

    async moveNotes(tx: Tx, fromUserId: string, toUserId: string) {
      await tx
        .update(viewerNotes)
        .set({ userId: toUserId })
        .where(eq(viewerNotes.userId, fromUserId));
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
