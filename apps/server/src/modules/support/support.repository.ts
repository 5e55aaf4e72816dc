import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { inquiries } from './support.tables';

export function createSupportRepository(db: Db) {
  return {
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

    async inquiriesOf(userId: string) {
      return db.select().from(inquiries).where(eq(inquiries.userId, userId));
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
