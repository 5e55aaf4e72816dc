import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { viewerEpisodeIs } from '../../db/viewer-episode';
import { rowsOf, serviceDayOf } from '../../db/daily';
import { callerPlaceholders, intArray, readPart, type ReadPart } from '../../db/read-parts';
import { walletRefusal } from './wallet-refusal';
import {
  autoUnlocks,
  coinAllocations,
  coinExpiryReminders,
  coinLots,
  coinRefunds,
  coinRevocationLots,
  coinRevocations,
  coinUnlocks,
  coinValiditySettings,
  walletPreferences,
  wallets,
  type AutoUnlockRow,
  type LotRow,
  type RefundRow,
  type RevocationRow,
  type UnlockRow,
} from './wallet.tables';

type Q = Db | Tx;

export interface LedgerCheck {
  users: number;
  lots: number;
  /** coins over all users: granted = valid + expired + spent + refunded */
  totals: {
    granted: number;
    valid: number;
    expired: number;
    spent: number;
    refunded: number;
    revoked: number;
  };
  violations: string[];
}

export type UnlockOutcome =
  'unlocked' | 'repeat' | 'already_unlocked' | 'not_next' | 'insufficient';

export interface UnlockResult {
  outcome: UnlockOutcome;
  /** coins taken: the price when unlocked, else 0 */
  charged: number;
  /** valid balances after the call */
  paid: number;
  bonus: number;
  /** the episode that can be bought next */
  nextEpsd: number;
}

export interface GrantedLot {
  lotId: string;
  created: boolean;
  sourceRef: string | null;
  grantedAt: Date;
  expiresAt: Date;
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export interface Page {
  limit: number;
  offset: number;
}

/** Rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
async function selectRows<T>(q: Q, query: SQL): Promise<T[]> {
  const result: unknown = await q.execute(query);
  return (result as { rows: T[] }).rows;
}

const walletNow = sql.placeholder('walletNow');

export function createWalletRepository(db: Db) {
  return {
    /** balances() as a part of a caller's statement (decision 1300); valid at `now()`. */
    balancesPart(now: () => Date): ReadPart<{ paid: number; bonus: number }> {
      const expression = sql`(select json_build_object(
          'paid', coalesce(sum(${coinLots.remaining}) filter (where ${coinLots.kind} = 'paid'), 0),
          'bonus', coalesce(sum(${coinLots.remaining}) filter (where ${coinLots.kind} = 'bonus'), 0))
        from ${coinLots}
        where ${coinLots.userId} = ${callerPlaceholders.userId} and ${coinLots.expiresAt} > ${walletNow})`;
      const decode = (raw: unknown) => {
        const r = (raw ?? {}) as { paid?: unknown; bonus?: unknown };
        return { paid: Number(r.paid ?? 0), bonus: Number(r.bonus ?? 0) };
      };
      return {
        sql: expression,
        bind: () => ({ values: { walletNow: now().toISOString() }, decode }),
      };
    },

    /** The viewers who unlocked an episode of the drama with coins, as SQL (decision 1540). */
    coinUnlockersOf(dramaId: number): SQL {
      return sql`select ${coinUnlocks.userId} from ${coinUnlocks} where ${coinUnlocks.dramaId} = ${dramaId}`;
    },

    /** Coin unlocks in [from, until), oldest first: who, which drama, when (For You, 1621). */
    async coinUnlocksBetween(from: Date, until: Date) {
      return db
        .select({
          userId: coinUnlocks.userId,
          dramaId: coinUnlocks.dramaId,
          at: coinUnlocks.unlockedAt,
        })
        .from(coinUnlocks)
        .where(and(gte(coinUnlocks.unlockedAt, from), lt(coinUnlocks.unlockedAt, until)))
        .orderBy(asc(coinUnlocks.unlockedAt), asc(coinUnlocks.id));
    },

    /** coinUnlockedEpisodes() as a part of a caller's statement (decision 1300). */
    coinUnlockedPart(): ReadPart<number[]> {
      return readPart(
        sql`(select json_agg(${coinUnlocks.episodeNumber} order by ${coinUnlocks.episodeNumber})
          from ${coinUnlocks}
          where ${coinUnlocks.userId} = ${callerPlaceholders.userId} and ${coinUnlocks.dramaId} = ${callerPlaceholders.dramaId})`,
        intArray,
      );
    },

    db,

    /** Locks an existing wallet; false when the user never held coins. */
    async lockWallet(tx: Tx, userId: string): Promise<boolean> {
      const rows = await tx
        .select({ userId: wallets.userId })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .for('update');
      return rows.length > 0;
    },

    async findLotByKey(q: Q, idempotencyKey: string): Promise<LotRow | undefined> {
      const [row] = await q
        .select()
        .from(coinLots)
        .where(eq(coinLots.idempotencyKey, idempotencyKey));
      return row;
    },

    async findLot(q: Q, lotId: string): Promise<LotRow | undefined> {
      const [row] = await q.select().from(coinLots).where(eq(coinLots.id, lotId));
      return row;
    },

    /**
     * A grant in one statement: the database function wallet_grant (migration 0014) checks the
     * user, opens and locks the wallet and inserts the lot under its idempotency key (the first
     * lot again, created false, when the key was granted before). Refusals: walletRefusal.
     */
    async grantLot(
      request: {
        userId: string;
        kind: string;
        amount: number;
        source: string;
        sourceRef: string | null;
        idempotencyKey: string;
        now: Date;
        /** 0: the coins do not expire */
        validDays: number;
        /** purchases only: web, app_store, google_play */
        channel: string | null;
      },
      q: Q = db,
    ): Promise<GrantedLot> {
      const r = request;
      let rows: {
        r_lot: string;
        r_created: boolean;
        r_source_ref: string | null;
        r_granted_at: unknown;
        r_expires_at: unknown;
      }[];
      try {
        rows = await selectRows(
          q,
          sql`select * from wallet_grant(${r.userId}::uuid, ${r.kind}::text, ${r.amount}::int,
            ${r.source}::text, ${r.sourceRef}::text, ${r.idempotencyKey}::text,
            ${r.now.toISOString()}::timestamptz, ${r.validDays}::int, ${r.channel}::text)`,
        );
      } catch (error) {
        throw walletRefusal(error) ?? error;
      }
      const [row] = rows;
      if (!row) throw new Error('wallet_grant answered no row');
      return {
        lotId: row.r_lot,
        created: row.r_created,
        sourceRef: row.r_source_ref,
        grantedAt: toDate(row.r_granted_at),
        expiresAt: toDate(row.r_expires_at),
      };
    },

    /** Takes coins from a lot; throws if that would go below zero (the CHECK would too). */
    async takeFromLot(tx: Tx, lotId: string, amount: number): Promise<void> {
      const rows = await tx
        .update(coinLots)
        .set({ remaining: sql`${coinLots.remaining} - ${amount}` })
        .where(and(eq(coinLots.id, lotId), gte(coinLots.remaining, amount)))
        .returning({ id: coinLots.id });
      if (rows.length !== 1) throw new Error(`lot ${lotId} cannot give ${amount} coins`);
    },

    /**
     * One coin unlock in one statement: the database function coin_unlock (migration
     * 0005_coin_unlock_function) locks the wallet, reads what was bought and the lots, and when
     * the episode is the next one and the coins cover it, takes them earliest expiry first and
     * records the unlock and its allocations. Balances are what is valid after it.
     */
    async unlockWithCoins(
      request: {
        userId: string;
        dramaId: number;
        epsd: number;
        coins: number;
        titleKey: string;
        now: Date;
        /** highest episode playable without a purchase (free, viewed, unlocked by ad) */
        floor: number;
        /** this episode is playable without a purchase */
        playable: boolean;
      },
      q: Q = db,
    ): Promise<UnlockResult> {
      const r = request;
      const [row] = await selectRows<{
        outcome: UnlockOutcome;
        charged: number;
        paid: number;
        bonus: number;
        next_epsd: number;
      }>(
        q,
        sql`select * from coin_unlock(${r.userId}::uuid, ${r.dramaId}::int, ${r.epsd}::int,
          ${r.coins}::int, ${r.titleKey}::text, ${r.now.toISOString()}::timestamptz,
          ${r.floor}::int, ${r.playable}::boolean)`,
      );
      if (!row) throw new Error('coin_unlock answered no row');
      return {
        outcome: row.outcome,
        charged: row.charged,
        paid: row.paid,
        bonus: row.bonus,
        nextEpsd: row.next_epsd,
      };
    },

    async coinUnlockedEpisodes(q: Q, userId: string, dramaId: number): Promise<number[]> {
      const rows = await q
        .select({ epsd: coinUnlocks.episodeNumber })
        .from(coinUnlocks)
        .where(and(eq(coinUnlocks.userId, userId), eq(coinUnlocks.dramaId, dramaId)))
        .orderBy(asc(coinUnlocks.episodeNumber));
      return rows.map((r) => r.epsd);
    },

    async findRefundByKey(q: Q, idempotencyKey: string): Promise<RefundRow | undefined> {
      const [row] = await q
        .select()
        .from(coinRefunds)
        .where(eq(coinRefunds.idempotencyKey, idempotencyKey));
      return row;
    },

    async insertRefund(
      tx: Tx,
      values: Omit<typeof coinRefunds.$inferInsert, 'id'>,
    ): Promise<RefundRow> {
      const [row] = await tx.insert(coinRefunds).values(values).returning();
      if (!row) throw new Error('refund insert returned nothing');
      return row;
    },

    /** The user's valid lots with coins left (spend order is the caller's rule). */
    async validLots(q: Q, userId: string, now: Date): Promise<LotRow[]> {
      return q
        .select()
        .from(coinLots)
        .where(
          and(eq(coinLots.userId, userId), gt(coinLots.expiresAt, now), gt(coinLots.remaining, 0)),
        );
    },

    /** Every lot of a user, newest first (the operator's view of a wallet). */
    async lotsOf(userId: string, limit: number): Promise<LotRow[]> {
      return db
        .select()
        .from(coinLots)
        .where(eq(coinLots.userId, userId))
        .orderBy(desc(coinLots.grantedAt), desc(coinLots.id))
        .limit(limit);
    },

    async unlocksOf(userId: string, limit: number): Promise<UnlockRow[]> {
      return db
        .select()
        .from(coinUnlocks)
        .where(eq(coinUnlocks.userId, userId))
        .orderBy(desc(coinUnlocks.unlockedAt))
        .limit(limit);
    },

    async findRevocationByKey(q: Q, idempotencyKey: string): Promise<RevocationRow | undefined> {
      const [row] = await q
        .select()
        .from(coinRevocations)
        .where(eq(coinRevocations.idempotencyKey, idempotencyKey));
      return row;
    },

    async insertRevocation(
      tx: Tx,
      values: Omit<typeof coinRevocations.$inferInsert, 'id'>,
      lots: { lotId: string; amount: number }[],
    ): Promise<RevocationRow> {
      const [row] = await tx.insert(coinRevocations).values(values).returning();
      if (!row) throw new Error('revocation insert returned nothing');
      await tx
        .insert(coinRevocationLots)
        .values(lots.map((l) => ({ revocationId: row.id, lotId: l.lotId, amount: l.amount })));
      return row;
    },

    async revocationsOf(userId: string, limit: number): Promise<RevocationRow[]> {
      return db
        .select()
        .from(coinRevocations)
        .where(eq(coinRevocations.userId, userId))
        .orderBy(desc(coinRevocations.revokedAt))
        .limit(limit);
    },

    /** Coins granted, spent (and unlocks), expired per service day in [from, to) (the dashboard). */
    async coinTotalsByDay(from: Date, to: Date, now: Date, zone: string) {
      const f = from.toISOString();
      const t = to.toISOString();
      const until = (to < now ? to : now).toISOString();
      const [granted, spent, expired] = await Promise.all([
        rowsOf<{ day: string; n: string }>(
          db,
          sql`select ${serviceDayOf('granted_at', zone)} as day, sum(amount) as n from ${coinLots}
          where granted_at >= ${f}::timestamptz and granted_at < ${t}::timestamptz group by 1`,
        ),
        rowsOf<{ day: string; n: string; u: string }>(
          db,
          sql`select ${serviceDayOf('unlocked_at', zone)} as day, sum(coins) as n, count(*) as u
          from ${coinUnlocks}
          where unlocked_at >= ${f}::timestamptz and unlocked_at < ${t}::timestamptz group by 1`,
        ),
        rowsOf<{ day: string; n: string }>(
          db,
          sql`select ${serviceDayOf('expires_at', zone)} as day, sum(remaining) as n from ${coinLots}
          where expires_at >= ${f}::timestamptz and expires_at < ${until}::timestamptz group by 1`,
        ),
      ]);
      const days = new Map<
        string,
        { granted: number; spent: number; unlocks: number; expired: number }
      >();
      const at = (day: string) => {
        let d = days.get(day);
        if (!d) days.set(day, (d = { granted: 0, spent: 0, unlocks: 0, expired: 0 }));
        return d;
      };
      for (const r of granted) at(r.day).granted = Number(r.n);
      for (const r of spent) {
        at(r.day).spent = Number(r.n);
        at(r.day).unlocks = Number(r.u);
      }
      for (const r of expired) at(r.day).expired = Number(r.n);
      return days;
    },

    /** Valid balance by kind. */
    async balances(q: Q, userId: string, now: Date): Promise<{ paid: number; bonus: number }> {
      const rows = await q
        .select({
          kind: coinLots.kind,
          total: sql<string>`coalesce(sum(${coinLots.remaining}), 0)`,
        })
        .from(coinLots)
        .where(and(eq(coinLots.userId, userId), gt(coinLots.expiresAt, now)))
        .groupBy(coinLots.kind);
      const balances = { paid: 0, bonus: 0 };
      for (const r of rows)
        if (r.kind === 'paid' || r.kind === 'bonus') balances[r.kind] = Number(r.total);
      return balances;
    },

    /**
     * Every row of a user's coin movements, for the history's timeline (packages/rules
     * coinTimeline): lots, unlocks (auto or not), undone auto-unlocks, refunds, revocations. Read
     * in one repeatable-read snapshot so a movement committing meanwhile cannot show half.
     */
    async movementsOf(userId: string) {
      return db.transaction(
        async (tx) => {
          const lots = await tx.select().from(coinLots).where(eq(coinLots.userId, userId));
          const unlocks = await tx
            .select({
              id: coinUnlocks.id,
              dramaId: coinUnlocks.dramaId,
              episodeNumber: coinUnlocks.episodeNumber,
              titleKey: coinUnlocks.titleKey,
              coins: coinUnlocks.coins,
              unlockedAt: coinUnlocks.unlockedAt,
              autoId: autoUnlocks.id,
            })
            .from(coinUnlocks)
            .leftJoin(autoUnlocks, eq(autoUnlocks.unlockId, coinUnlocks.id))
            .where(eq(coinUnlocks.userId, userId));
          const undone = await tx
            .select()
            .from(autoUnlocks)
            .where(and(eq(autoUnlocks.userId, userId), sql`${autoUnlocks.undoneAt} is not null`));
          const refunds = await tx.select().from(coinRefunds).where(eq(coinRefunds.userId, userId));
          const revocations = await tx
            .select()
            .from(coinRevocations)
            .where(eq(coinRevocations.userId, userId));
          return { lots, unlocks, undone, refunds, revocations };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * The operator's stored coin validity settings (no row: the defaults); `lock` (inside a
     * transaction) holds the row until it commits, so two saves do not interleave.
     */
    async validitySettings(q: Q = db, lock = false): Promise<unknown> {
      const query = q
        .select({ settings: coinValiditySettings.settings })
        .from(coinValiditySettings)
        .where(eq(coinValiditySettings.id, 1));
      const [row] = lock ? await query.for('update') : await query;
      return row?.settings;
    },

    async saveValiditySettings(settings: unknown, now: Date, by: string, q: Q = db): Promise<void> {
      await q
        .insert(coinValiditySettings)
        .values({ id: 1, settings, updatedAt: now, updatedBy: by })
        .onConflictDoUpdate({
          target: coinValiditySettings.id,
          set: { settings, updatedAt: now, updatedBy: by },
        });
    },

    async autoUnlockEnabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: walletPreferences.autoUnlock })
        .from(walletPreferences)
        .where(eq(walletPreferences.userId, userId));
      return row?.on ?? false;
    },

    async setAutoUnlock(userId: string, enabled: boolean, now: Date): Promise<void> {
      await db
        .insert(walletPreferences)
        .values({ userId, autoUnlock: enabled, updatedAt: now })
        .onConflictDoUpdate({
          target: walletPreferences.userId,
          set: { autoUnlock: enabled, updatedAt: now },
        });
    },

    /** Records that the coin unlock of this episode was made by auto-unlock. */
    async recordAutoUnlock(
      tx: Tx,
      r: { userId: string; dramaId: number; epsd: number; unlockedAt: Date },
    ): Promise<AutoUnlockRow> {
      const [unlock] = await tx
        .select({ id: coinUnlocks.id, coins: coinUnlocks.coins })
        .from(coinUnlocks)
        .where(viewerEpisodeIs(coinUnlocks, r.userId, r.dramaId, r.epsd));
      if (!unlock) throw new Error('the coin unlock to record is missing');
      const [row] = await tx
        .insert(autoUnlocks)
        .values({
          userId: r.userId,
          dramaId: r.dramaId,
          episodeNumber: r.epsd,
          unlockId: unlock.id,
          coins: unlock.coins,
          unlockedAt: r.unlockedAt,
        })
        .returning();
      if (!row) throw new Error('auto-unlock insert returned nothing');
      return row;
    },

    /** One auto-unlock, locked until the end of the transaction. */
    async lockAutoUnlock(tx: Tx, id: string): Promise<AutoUnlockRow | undefined> {
      const [row] = await tx.select().from(autoUnlocks).where(eq(autoUnlocks.id, id)).for('update');
      return row;
    },

    /** The latest auto-unlock of an episode, locked (progress saves wait behind an undo). */
    async lockLatestAutoUnlock(
      tx: Tx,
      userId: string,
      dramaId: number,
      epsd: number,
    ): Promise<{ row: AutoUnlockRow; coinUnlocked: boolean } | undefined> {
      const [row] = await tx
        .select()
        .from(autoUnlocks)
        .where(viewerEpisodeIs(autoUnlocks, userId, dramaId, epsd))
        .orderBy(desc(autoUnlocks.unlockedAt), desc(autoUnlocks.id))
        .limit(1)
        .for('update');
      if (!row) return undefined;
      const [bought] = await tx
        .select({ id: coinUnlocks.id })
        .from(coinUnlocks)
        .where(viewerEpisodeIs(coinUnlocks, userId, dramaId, epsd));
      return { row, coinUnlocked: bought !== undefined };
    },

    /**
     * Gives an auto-unlock's coins back, in the caller's transaction (wallet row locked): each
     * allocation returns to its lot, the allocations and the unlock are removed, the auto-unlock
     * records what was given back. Returns the coins given back.
     */
    async undoAutoUnlock(tx: Tx, row: AutoUnlockRow, now: Date): Promise<number> {
      const allocations = await tx
        .select({ lotId: coinAllocations.lotId, amount: coinAllocations.amount })
        .from(coinAllocations)
        .where(eq(coinAllocations.unlockId, row.unlockId));
      for (const a of allocations) {
        await tx
          .update(coinLots)
          .set({ remaining: sql`${coinLots.remaining} + ${a.amount}` })
          .where(eq(coinLots.id, a.lotId));
      }
      await tx.delete(coinAllocations).where(eq(coinAllocations.unlockId, row.unlockId));
      await tx.delete(coinUnlocks).where(eq(coinUnlocks.id, row.unlockId));
      const updated = await tx
        .update(autoUnlocks)
        .set({ undoneAt: now, refunded: allocations })
        .where(and(eq(autoUnlocks.id, row.id), sql`${autoUnlocks.undoneAt} is null`))
        .returning({ id: autoUnlocks.id });
      if (updated.length !== 1) throw new Error(`auto-unlock ${row.id} was undone twice`);
      return allocations.reduce((sum, a) => sum + a.amount, 0);
    },

    /** A user's valid lots with coins left that expire before `until`. */
    async lotsExpiringBefore(userId: string, now: Date, until: Date) {
      return db
        .select({ remaining: coinLots.remaining, expiresAt: coinLots.expiresAt })
        .from(coinLots)
        .where(
          and(
            eq(coinLots.userId, userId),
            gt(coinLots.expiresAt, now),
            lte(coinLots.expiresAt, until),
            gt(coinLots.remaining, 0),
          ),
        );
    },

    async reminderDismissed(userId: string, day: string): Promise<boolean> {
      const [row] = await db
        .select({ day: coinExpiryReminders.day })
        .from(coinExpiryReminders)
        .where(and(eq(coinExpiryReminders.userId, userId), eq(coinExpiryReminders.day, day)));
      return row !== undefined;
    },

    async dismissReminder(userId: string, day: string, now: Date): Promise<void> {
      await db
        .insert(coinExpiryReminders)
        .values({ userId, day, dismissedAt: now })
        .onConflictDoNothing();
    },

    /**
     * Ledger anomalies, one line each; empty when the books balance. Read in one repeatable-read
     * snapshot so a concurrent unlock cannot show as a half-written one.
     */
    async invariantViolations(now: Date): Promise<LedgerCheck> {
      return db.transaction(
        async (tx) => {
          const lotMismatch = await selectRows<{
            id: string;
            amount: number;
            remaining: number;
            spent: string;
            refunded: string;
            revoked: string;
          }>(
            tx,
            sql`
            select l.id, l.amount, l.remaining,
              coalesce((select sum(a.amount) from coin_allocations a where a.lot_id = l.id), 0) as spent,
              coalesce((select sum(r.amount) from coin_refunds r where r.lot_id = l.id), 0) as refunded,
              coalesce((select sum(v.amount) from coin_revocation_lots v where v.lot_id = l.id), 0) as revoked
            from coin_lots l
            where l.remaining < 0 or l.remaining > l.amount
              or l.amount <> l.remaining
                + coalesce((select sum(a.amount) from coin_allocations a where a.lot_id = l.id), 0)
                + coalesce((select sum(r.amount) from coin_refunds r where r.lot_id = l.id), 0)
                + coalesce((select sum(v.amount) from coin_revocation_lots v where v.lot_id = l.id), 0)`,
          );
          const unlockMismatch = await selectRows<{ id: string; coins: number; paid: string }>(
            tx,
            sql`
            select u.id, u.coins, coalesce(sum(a.amount), 0) as paid
            from coin_unlocks u left join coin_allocations a on a.unlock_id = u.id
            group by u.id, u.coins
            having u.coins <> coalesce(sum(a.amount), 0)`,
          );
          const badAllocation = await selectRows<{ unlock_id: string; lot_id: string }>(
            tx,
            sql`
            select a.unlock_id, a.lot_id
            from coin_allocations a
            join coin_unlocks u on u.id = a.unlock_id
            join coin_lots l on l.id = a.lot_id
            where l.user_id <> u.user_id or l.expires_at <= u.unlocked_at or l.granted_at > u.unlocked_at`,
          );
          const badRefund = await selectRows<{ id: string }>(
            tx,
            sql`
            select r.id from coin_refunds r join coin_lots l on l.id = r.lot_id
            where l.kind <> 'paid' or l.user_id <> r.user_id`,
          );
          const [totals] = await selectRows<
            Record<keyof LedgerCheck['totals'] | 'users' | 'lots', string | null>
          >(
            tx,
            sql`
              select (select count(*) from wallets) as users,
                (select count(*) from coin_lots) as lots,
                (select sum(amount) from coin_lots) as granted,
                (select sum(remaining) from coin_lots where expires_at > ${now.toISOString()}::timestamptz) as valid,
                (select sum(remaining) from coin_lots where expires_at <= ${now.toISOString()}::timestamptz) as expired,
                (select sum(amount) from coin_allocations) as spent,
                (select sum(amount) from coin_refunds) as refunded,
                (select sum(amount) from coin_revocation_lots) as revoked`,
          );
          const n = (v: string | null | undefined) => Number(v ?? 0);
          const sums = {
            granted: n(totals?.granted),
            valid: n(totals?.valid),
            expired: n(totals?.expired),
            spent: n(totals?.spent),
            refunded: n(totals?.refunded),
            revoked: n(totals?.revoked),
          };
          const violations = [
            ...lotMismatch.map(
              (r) =>
                `lot ${r.id}: amount ${r.amount} <> remaining ${r.remaining} + spent ${r.spent} + refunded ${r.refunded} + revoked ${r.revoked}`,
            ),
            ...unlockMismatch.map(
              (r) => `unlock ${r.id}: price ${r.coins} but lots paid ${r.paid}`,
            ),
            ...badAllocation.map(
              (r) =>
                `unlock ${r.unlock_id}: paid from lot ${r.lot_id} of another user or not valid at the time`,
            ),
            ...badRefund.map((r) => `refund ${r.id}: of a bonus lot or of another user's lot`),
          ];
          const badRevocation = await selectRows<{ id: string }>(
            tx,
            sql`
            select v.id from coin_revocations v
            left join coin_revocation_lots vl on vl.revocation_id = v.id
            left join coin_lots l on l.id = vl.lot_id
            group by v.id, v.amount
            having v.amount <> coalesce(sum(vl.amount), 0) or bool_or(l.user_id <> v.user_id)`,
          );
          violations.push(
            ...badRevocation.map(
              (r) => `revocation ${r.id}: lots do not add up or are another user's`,
            ),
          );
          if (
            sums.granted !==
            sums.valid + sums.expired + sums.spent + sums.refunded + sums.revoked
          ) {
            violations.push(
              `totals: granted ${sums.granted} <> valid + expired + spent + refunded + revoked`,
            );
          }
          return { users: n(totals?.users), lots: n(totals?.lots), totals: sums, violations };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
