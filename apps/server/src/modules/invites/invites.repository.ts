import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { InviteRefusal, InviteState } from '@snapdrama/contract';
import type { Db, Tx } from '../../db/client';
import {
  inviteCodes,
  inviteLandings,
  inviteSettingsRow,
  inviteSignups,
  invites,
  type InviteRow,
} from './invites.tables';

type Runner = Db | Tx;

/** SQL of the invites module's own tables; nothing else touches them. */
export function createInvitesRepository(db: Db) {
  return {
    db,

    async codeOf(userId: string, tx: Runner = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ code: inviteCodes.code })
        .from(inviteCodes)
        .where(eq(inviteCodes.userId, userId));
      return row?.code;
    },

    /** Stores a new code unless the member has one or the code is taken; answers whether it did. */
    async insertCode(userId: string, code: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(inviteCodes)
        .values({ userId, code, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: inviteCodes.userId });
      return rows.length > 0;
    },

    async ownerOf(code: string, tx: Runner = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ userId: inviteCodes.userId })
        .from(inviteCodes)
        .where(eq(inviteCodes.code, code));
      return row?.userId;
    },

    /** Serializes one inviter's rewards (the daily cap): the code row, locked. */
    async lockInviter(tx: Tx, inviterId: string): Promise<void> {
      await tx
        .select({ userId: inviteCodes.userId })
        .from(inviteCodes)
        .where(eq(inviteCodes.userId, inviterId))
        .for('update');
    },

    async recordSignup(
      tx: Tx,
      row: { userId: string; deviceId: string | null; address: string | null; joinedAt: Date },
    ): Promise<void> {
      await tx.insert(inviteSignups).values(row).onConflictDoNothing();
    },

    async deviceOfSignup(tx: Runner, userId: string): Promise<string | null> {
      const [row] = await tx
        .select({ deviceId: inviteSignups.deviceId })
        .from(inviteSignups)
        .where(eq(inviteSignups.userId, userId));
      return row?.deviceId ?? null;
    },

    /** Accounts signed up from this address in [from, to]. */
    async signupsFromAddress(tx: Runner, address: string, from: Date, to: Date): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(inviteSignups)
        .where(
          and(
            eq(inviteSignups.address, address),
            gte(inviteSignups.joinedAt, from),
            sql`${inviteSignups.joinedAt} <= ${to}`,
          ),
        );
      return row?.n ?? 0;
    },

    /** An attributed invite; a second counted one on the same device answers undefined. */
    async insertInvite(
      tx: Tx,
      row: {
        inviterId: string;
        inviteeId: string;
        code: string;
        deviceId: string | null;
        address: string | null;
        state: InviteState;
        refusal: InviteRefusal | null;
        createdAt: Date;
      },
    ): Promise<InviteRow | undefined> {
      const [inserted] = await tx.insert(invites).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async inviteOf(tx: Runner, inviteeId: string, lock = false): Promise<InviteRow | undefined> {
      const query = tx.select().from(invites).where(eq(invites.inviteeId, inviteeId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async inviteById(tx: Runner, id: string, lock = false): Promise<InviteRow | undefined> {
      const query = tx.select().from(invites).where(eq(invites.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** Rewards (given or held) of the inviter's own coins counted against the day's cap. */
    async inviterRewardsOn(tx: Tx, inviterId: string, day: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(invites)
        .where(
          and(
            eq(invites.inviterId, inviterId),
            eq(invites.rewardDay, day),
            inArray(invites.state, ['rewarded', 'held']),
            eq(invites.inviterCapped, false),
          ),
        );
      return row?.n ?? 0;
    },

    async settle(
      tx: Tx,
      id: string,
      values: Partial<
        Pick<
          InviteRow,
          | 'state'
          | 'inviterCoin'
          | 'inviteeCoin'
          | 'inviterCapped'
          | 'rewardDay'
          | 'qualifiedAt'
          | 'decidedAt'
        >
      >,
    ): Promise<InviteRow> {
      const [row] = await tx.update(invites).set(values).where(eq(invites.id, id)).returning();
      if (!row) throw new Error(`invite ${id} vanished`);
      return row;
    },

    async countsOf(inviterId: string): Promise<{ joined: number; rewarded: number }> {
      const [row] = await db
        .select({
          joined: sql<number>`count(*) filter (where ${invites.state} <> 'refused')`.mapWith(
            Number,
          ),
          rewarded: sql<number>`count(*) filter (where ${invites.state} = 'rewarded')`.mapWith(
            Number,
          ),
        })
        .from(invites)
        .where(eq(invites.inviterId, inviterId));
      return { joined: row?.joined ?? 0, rewarded: row?.rewarded ?? 0 };
    },

    /** A member's invites, as inviter or invitee, newest first. */
    async invitesOfMember(userId: string, limit: number): Promise<InviteRow[]> {
      return db
        .select()
        .from(invites)
        .where(sql`${invites.inviterId} = ${userId} or ${invites.inviteeId} = ${userId}`)
        .orderBy(desc(invites.createdAt))
        .limit(limit);
    },

    async invitesInState(state: InviteState, limit: number): Promise<InviteRow[]> {
      return db
        .select()
        .from(invites)
        .where(eq(invites.state, state))
        .orderBy(desc(invites.createdAt))
        .limit(limit);
    },

    async countLanding(day: string): Promise<void> {
      await db
        .insert(inviteLandings)
        .values({ day, opened: 1 })
        .onConflictDoUpdate({
          target: inviteLandings.day,
          set: { opened: sql`${inviteLandings.opened} + 1` },
        });
    },

    async landingsSince(day: string): Promise<{ day: string; opened: number }[]> {
      return db.select().from(inviteLandings).where(gte(inviteLandings.day, day));
    },

    /** Invites created and rewarded in [from, to), and the ones held now. */
    async countsBetween(from: Date, to: Date) {
      const [accepted] = await db
        .select({ n: count() })
        .from(invites)
        .where(
          and(
            gte(invites.createdAt, from),
            lt(invites.createdAt, to),
            sql`${invites.state} <> 'refused'`,
          ),
        );
      const [rewarded] = await db
        .select({ n: count() })
        .from(invites)
        .where(
          and(
            eq(invites.state, 'rewarded'),
            gte(invites.qualifiedAt, from),
            lt(invites.qualifiedAt, to),
          ),
        );
      return { accepted: accepted?.n ?? 0, rewarded: rewarded?.n ?? 0 };
    },

    async heldCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(invites).where(eq(invites.state, 'held'));
      return row?.n ?? 0;
    },

    async settings(tx: Runner = db): Promise<unknown> {
      const [row] = await tx.select().from(inviteSettingsRow).where(eq(inviteSettingsRow.id, 1));
      return row?.settings;
    },

    async saveSettings(tx: Tx, settings: unknown, now: Date, by: string): Promise<void> {
      await tx
        .insert(inviteSettingsRow)
        .values({ id: 1, settings, updatedAt: now, updatedBy: by })
        .onConflictDoUpdate({
          target: inviteSettingsRow.id,
          set: { settings, updatedAt: now, updatedBy: by },
        });
    },

    /** A guest's sign-up rows follow it into the account it joins (never overwriting). */
    async transfer(tx: Tx, fromUserId: string, toUserId: string): Promise<void> {
      const [from] = await tx
        .select()
        .from(inviteSignups)
        .where(eq(inviteSignups.userId, fromUserId));
      if (from) {
        await tx
          .insert(inviteSignups)
          .values({ ...from, userId: toUserId })
          .onConflictDoNothing();
        await tx.delete(inviteSignups).where(eq(inviteSignups.userId, fromUserId));
      }
    },

    /** Withdrawal: the sign-up address goes; invites stay (they explain coins granted). */
    async erase(tx: Tx, userId: string): Promise<void> {
      await tx.delete(inviteSignups).where(eq(inviteSignups.userId, userId));
      await tx.update(invites).set({ address: null }).where(eq(invites.inviteeId, userId));
    },
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
