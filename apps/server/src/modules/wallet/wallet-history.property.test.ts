import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoinHistoryData, CoinHistoryDiv } from '@snapdrama/contract';
import { NO_EXPIRY_AT } from '@snapdrama/rules';
import { AppError } from '../../errors';
import { appleNotify, appleStore, appleVerify } from '../payments/iap/iap.test-support';
import { useTestContext } from '../../test/harness';
import {
  addUniformDramas,
  signInAgain,
  signInMember,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';

const DAY = 86_400_000;

/** One wallet operation of a random sequence. */
type Op =
  | {
      op: 'grant';
      source: 'event' | 'mission' | 'attendance' | 'advertisement';
      amount: number;
      days: number;
    }
  | { op: 'purchase'; amount: number; days: number }
  | { op: 'operatorGrant'; amount: number }
  | { op: 'invite'; amount: number }
  | { op: 'storePurchase'; pack: number }
  | { op: 'storeRevoke'; pick: number; kind: 'REFUND' | 'REVOKE' }
  | { op: 'storeRestore'; pick: number }
  | { op: 'spend'; drama: number }
  | { op: 'autoUnlock'; drama: number; undoAfterMs: number | null }
  | { op: 'revoke'; share: number }
  | { op: 'refund'; pick: number }
  | { op: 'advance'; ms: number }
  | { op: 'toNextExpiry'; beforeMs: number }
  | { op: 'undoAcrossExpiry'; drama: number; beforeMs: number; afterMs: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('grant' as const),
    source: fc.constantFrom('event', 'mission', 'attendance', 'advertisement'),
    amount: fc.integer({ min: 1, max: 80 }),
    days: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    op: fc.constant('purchase' as const),
    amount: fc.integer({ min: 10, max: 120 }),
    days: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ op: fc.constant('operatorGrant' as const), amount: fc.integer({ min: 1, max: 50 }) }),
  // an invite's reward (referral), as the invites module grants it
  fc.record({ op: fc.constant('invite' as const), amount: fc.integer({ min: 1, max: 60 }) }),
  // a pack bought in the App Store stand-in and verified: its first purchase brings the
  // first-charge bonus, a later one only the pack's bonus; Apple refunds or revokes one of them
  // (what remains of its coins is taken back) and reverses a refund (credited again, once).
  // Weighted: a reversal needs a store purchase and a revoke before it in the same sequence.
  {
    arbitrary: fc.record({
      op: fc.constant('storePurchase' as const),
      pack: fc.integer({ min: 0, max: 1 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('storeRevoke' as const),
      pick: fc.nat(),
      kind: fc.constantFrom('REFUND' as const, 'REVOKE' as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ op: fc.constant('storeRestore' as const), pick: fc.nat() }),
    weight: 5,
  },
  fc.record({ op: fc.constant('spend' as const), drama: fc.integer({ min: 0, max: 2 }) }),
  fc.record({
    op: fc.constant('autoUnlock' as const),
    drama: fc.integer({ min: 0, max: 2 }),
    undoAfterMs: fc.option(fc.integer({ min: 0, max: 9_000 }), { nil: null }),
  }),
  fc.record({
    op: fc.constant('revoke' as const),
    share: fc.double({ min: 0.05, max: 1, noNaN: true }),
  }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 3 * DAY }) }),
  fc.record({
    op: fc.constant('toNextExpiry' as const),
    beforeMs: fc.integer({ min: 1_000, max: 8_000 }),
  }),
  // an auto-unlock just before the lot paying it expires, undone just after: its coins go back
  // to an expired lot (they expire again at the undo)
  fc.record({
    op: fc.constant('undoAcrossExpiry' as const),
    drama: fc.integer({ min: 0, max: 2 }),
    beforeMs: fc.integer({ min: 1_000, max: 4_000 }),
    afterMs: fc.integer({ min: 1, max: 4_000 }),
  }),
);

/**
 * Issue 40 item 1: for random sequences of every wallet operation (grants, purchases and their
 * refund, an invite's reward, store purchases with the first-charge bonus and the store's revoke
 * and restore, operator grant and revocation, coin unlock, auto-unlock and its undo, expiry by
 * moving the clock), the history's entries sum to the balance, each entry's balance is the one
 * after the previous entry, and the balance the history shows at any moment is what the wallet
 * held.
 */
describe('coin history reconciles with the balance (property, PGlite)', () => {
  const ctx = useTestContext({ seed: false });
  const dramaIds: number[] = [];
  const PRICES = [7, 15, 30];
  /** packs bought in the App Store stand-in (drizzle 0011 seed): coins, bonus, first-charge bonus */
  const STORE_PACKS = [
    { godsCode: 'coin_100', productId: 'com.snapdrama.coin.100', price: 0.99, bonus: 0 },
    { godsCode: 'coin_300', productId: 'com.snapdrama.coin.300', price: 2.99, bonus: 15 },
  ];
  /** how often the new operations did what they are there for, over every run */
  const seen = { firstCharge: 0, laterPurchase: 0, storeRefunded: 0, storeRestored: 0 };
  beforeAll(async () => {
    for (const price of PRICES) {
      const [id] = await addUniformDramas(ctx, { count: 1, episodes: 60, free: 1, price });
      if (id === undefined) throw new Error('no drama');
      dramaIds.push(id);
    }
  });
  expectLedgerBalancedAfterAll(ctx);

  /** Expected refusals change nothing; any other error fails the property. */
  async function tolerate(p: Promise<unknown>): Promise<void> {
    try {
      await p;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
  }

  it('holds for random sequences', async () => {
    const start = new Date('2026-03-02T00:00:00Z').getTime();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        ctx.clock.set(new Date(start));
        const { wallet } = ctx.services;
        const m = await signInMember(ctx, 'Prop');
        const caller = { userId: m.userId, authMethod: 'google' as const };
        await wallet.setAutoUnlock(caller, true);
        const purchases: string[] = [];
        const storeTxns: string[] = [];
        const revokedTxns: string[] = [];
        const store = await appleStore(ctx);
        const held: { at: number; total: number }[] = [];
        const total = async () => {
          const b = await wallet.balances(m.userId);
          return b.paid + b.bonus;
        };
        /** Auto-unlocks the drama's next episode: the unlock's id, or null when it was refused. */
        const autoUnlockNext = async (drama: number): Promise<string | null> => {
          const dramaId = dramaIds[drama] ?? 0;
          const next = await nextEpisode(m.userId, dramaId);
          try {
            return (await wallet.autoUnlockEpisode(caller, dramaId, next)).auto_unlock_id;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return null;
          }
        };

        for (const op of ops) {
          // distinct instants: the balance after each operation can be read back at its time
          ctx.clock.advance(1_000);
          switch (op.op) {
            case 'grant':
              await wallet.grant({
                userId: m.userId,
                kind: 'bonus',
                amount: op.amount,
                source: op.source,
                idempotencyKey: randomUUID(),
                validDays: op.days,
              });
              break;
            case 'purchase': {
              const key = randomUUID();
              await wallet.grant({
                userId: m.userId,
                kind: 'paid',
                amount: op.amount,
                source: 'purchase',
                sourceRef: randomUUID(),
                idempotencyKey: key,
                validDays: op.days,
              });
              purchases.push(key);
              break;
            }
            case 'operatorGrant':
              await wallet.grantByOperator({
                userId: m.userId,
                amount: op.amount,
                reason: 'property test',
                operatorId: 'op',
                actionKey: randomUUID(),
              });
              break;
            case 'invite': {
              const inviteId = randomUUID();
              await wallet.grant({
                userId: m.userId,
                kind: 'bonus',
                amount: op.amount,
                source: 'invite',
                sourceRef: inviteId,
                idempotencyKey: `invite:${inviteId}:invitee`,
              });
              break;
            }
            case 'storePurchase': {
              const pack = STORE_PACKS[op.pack % STORE_PACKS.length];
              if (!pack) break;
              const order = await ctx.services.payments.register({
                userId: m.userId,
                authMethod: 'google',
                godsCode: pack.godsCode,
                gateway: 'A',
                price: pack.price,
              });
              const bought = await store.purchase({
                productId: pack.productId,
                appAccountToken: order.id,
              });
              const before = await wallet.balances(m.userId);
              // the clock may have run past the session: signed in again, as the app would be
              const verified = await appleVerify(ctx, await signInAgain(ctx, m), {
                ordrId: order.id,
                transactionJWS: bought.transactionJWS,
              });
              expect(verified.statusCode, verified.body).toBe(200);
              storeTxns.push(bought.transactionId);
              const bonus = (await wallet.balances(m.userId)).bonus - before.bonus;
              if (bonus > pack.bonus) seen.firstCharge++;
              else seen.laterPurchase++;
              break;
            }
            case 'storeRevoke':
            case 'storeRestore': {
              // a revoke takes any store purchase; a restore reverses one Apple took back
              const from = op.op === 'storeRevoke' ? storeTxns : revokedTxns;
              const txn = from[op.pick % Math.max(1, from.length)];
              if (!txn) break;
              const notified = await appleNotify(
                ctx,
                txn,
                op.op === 'storeRevoke' ? op.kind : 'REFUND_REVERSED',
              );
              expect(notified.status).toBe(200);
              const action = (notified.data as { action?: string }).action;
              if (op.op === 'storeRevoke') {
                if (action === 'refunded') seen.storeRefunded++;
                if (!revokedTxns.includes(txn)) revokedTxns.push(txn);
              } else if (action === 'restored') seen.storeRestored++;
              break;
            }
            case 'spend': {
              const dramaId = dramaIds[op.drama] ?? 0;
              const next = await nextEpisode(m.userId, dramaId);
              await tolerate(wallet.spendForEpisode(caller, dramaId, next));
              break;
            }
            case 'autoUnlock': {
              const id = await autoUnlockNext(op.drama);
              if (id && op.undoAfterMs !== null) {
                held.push({ at: ctx.clock.now().getTime(), total: await total() });
                ctx.clock.advance(op.undoAfterMs + 1);
                await wallet.undoAutoUnlock(caller, id);
              }
              break;
            }
            case 'revoke': {
              const amount = Math.floor((await total()) * op.share);
              if (amount >= 1)
                await wallet.revokeByOperator({
                  userId: m.userId,
                  amount,
                  reason: 'property test',
                  operatorId: 'op',
                  actionKey: randomUUID(),
                });
              break;
            }
            case 'refund': {
              const key = purchases[op.pick % Math.max(1, purchases.length)];
              if (key)
                await tolerate(
                  wallet.refundPurchase({
                    userId: m.userId,
                    grantIdempotencyKey: key,
                    idempotencyKey: `refund:${key}`,
                    reason: 'property test',
                  }),
                );
              break;
            }
            case 'advance':
              ctx.clock.advance(op.ms);
              break;
            case 'toNextExpiry':
              await toNextExpiry(m.userId, op.beforeMs);
              break;
            case 'undoAcrossExpiry': {
              await toNextExpiry(m.userId, op.beforeMs);
              const id = await autoUnlockNext(op.drama);
              if (id) {
                held.push({ at: ctx.clock.now().getTime(), total: await total() });
                // the instant the lot expires, with the episode still bought
                ctx.clock.advance(op.beforeMs);
                held.push({ at: ctx.clock.now().getTime(), total: await total() });
                ctx.clock.advance(op.afterMs);
                await wallet.undoAutoUnlock(caller, id);
              }
              break;
            }
          }
          held.push({ at: ctx.clock.now().getTime(), total: await total() });
        }
        // and later, when everything has expired
        ctx.clock.advance(5 * DAY);
        held.push({ at: ctx.clock.now().getTime(), total: await total() });

        const now = ctx.clock.now();
        // today in the service's time zone, as the history page asks for it (a UTC date misses the
        // entries of the hours the service's day runs ahead of UTC's)
        const endDate = new Intl.DateTimeFormat('en-CA', {
          timeZone: ctx.config.serviceTimeZone,
        }).format(now);
        const lists = await Promise.all(
          (['A', 'U', 'E'] as CoinHistoryDiv[]).map((div) =>
            wallet.history(caller, { div, startDate: '2026-03-01', endDate, page: 1, count: 100 }),
          ),
        );
        const entries = lists.flatMap(entriesOf).sort((a, b) => a.at - b.at);
        // each entry starts where the one before left off (one instant: whichever order chains)
        let balance = 0;
        const left = [...entries];
        const timeline: { at: number; balance: number }[] = [];
        while (left.length > 0) {
          const at = left[0]?.at;
          const i = left.findIndex((e) => e.at === at && e.balance - e.change === balance);
          expect(i, `an entry at ${String(at)} starting from ${balance}`).toBeGreaterThanOrEqual(0);
          const [e] = left.splice(i, 1);
          balance = e?.balance ?? Number.NaN;
          timeline.push({ at: e?.at ?? 0, balance });
        }
        expect(balance).toBe(await total());
        // what the history says was held at each moment is what the wallet held then
        for (const h of held) {
          const last = timeline.filter((t) => t.at <= h.at).at(-1);
          expect(last?.balance ?? 0, `balance at ${new Date(h.at).toISOString()}`).toBe(h.total);
        }
        const s = lists[0]?.smry;
        expect(s?.clsg_blnc).toBe(balance);
        expect(
          s && s.opng_blnc + s.earn_coin - s.usag_coin - s.tkbk_coin + s.rtrn_coin - s.expr_coin,
        ).toBe(balance);
      }),
      // one fixed seed, so CI is not a lottery; PROPERTY_SEED explores others
      { numRuns: 30, seed: Number(process.env.PROPERTY_SEED ?? 20261201) },
    );
    // the fixed seed's sequences reach what the store operations are for (a property over runs
    // that never bought with a first-charge bonus or never had a store refund reversed would
    // prove nothing about them); another PROPERTY_SEED may not
    if (process.env.PROPERTY_SEED === undefined) {
      expect(seen.firstCharge).toBeGreaterThan(0);
      expect(seen.laterPurchase).toBeGreaterThan(0);
      expect(seen.storeRefunded).toBeGreaterThan(0);
      expect(seen.storeRestored).toBeGreaterThan(0);
    }
  }, 240_000);

  function entriesOf(d: CoinHistoryData) {
    const ms = (iso: string) => new Date(iso).getTime();
    return [
      ...d.alist.map((e) => ({ at: ms(e.rgst_dtm), change: e.chng_coin, balance: e.blnc_coin })),
      ...d.ulist.map((e) => ({ at: ms(e.rgst_dtm), change: e.chng_coin, balance: e.blnc_coin })),
      ...d.elist.map((e) => ({ at: ms(e.expr_dtm), change: e.chng_coin, balance: e.blnc_coin })),
    ];
  }

  /**
   * Just before the earliest valid lot with coins left expires (if it is later than now); lots
   * that never expire (purchased coins' default validity) have no such moment.
   */
  async function toNextExpiry(userId: string, beforeMs: number): Promise<void> {
    const lots = (await ctx.services.wallet.walletForOperator(userId)).lots.filter(
      (l) => !l.expired && l.remaining > 0 && new Date(l.expiresAt).getTime() < NO_EXPIRY_AT,
    );
    const first = Math.min(...lots.map((l) => new Date(l.expiresAt).getTime()));
    const target = first - beforeMs;
    if (Number.isFinite(first) && target > ctx.clock.now().getTime())
      ctx.clock.set(new Date(target));
  }

  async function nextEpisode(userId: string, dramaId: number): Promise<number> {
    const bought = await ctx.services.wallet.unlockedEpisodes(userId, dramaId);
    return Math.max(1, ...bought) + 1;
  }
});
