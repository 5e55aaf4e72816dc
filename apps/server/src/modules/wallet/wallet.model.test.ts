import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { ResultCode } from '@snapdrama/contract';
import { CoinLedgerModel } from '@snapdrama/rules';
import { AppError } from '../../errors';
import { useTestContext } from '../../test/harness';
import {
  addUniformDramas,
  signInMember,
  expectLedgerBalancedAfterAll,
} from './wallet.test-support';
import { coinLots } from './wallet.tables';

const DAY = 86_400_000;
const FREE = 2;
const PRICES = [30, 45, 50];
const ctx = useTestContext({ seed: false });
const dramas: { id: number; price: number }[] = [];

beforeAll(async () => {
  for (const price of PRICES) {
    const [id] = await addUniformDramas(ctx, { count: 1, episodes: 200, free: FREE, price });
    if (id === undefined) throw new Error('no drama');
    dramas.push({ id, price });
  }
});
expectLedgerBalancedAfterAll(ctx);

type Command =
  | { type: 'grant'; kind: 'paid' | 'bonus'; amount: number; validDays: number }
  | { type: 'unlock'; drama: number }
  | { type: 'refund'; pick: number }
  | { type: 'advance'; hours: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('grant' as const),
      kind: fc.constantFrom('paid' as const, 'bonus' as const),
      amount: fc.integer({ min: 1, max: 120 }),
      validDays: fc.integer({ min: 1, max: 9 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('unlock' as const),
      drama: fc.nat({ max: PRICES.length - 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('refund' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('advance' as const),
      hours: fc.integer({ min: 1, max: 60 }),
    }),
  },
);

const errorCode = async (p: Promise<unknown>) => {
  try {
    await p;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('the database ledger follows the in-memory model', () => {
  it('grants, unlocks, refunds and clock moves: same balances, same lots paying, never negative', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        run += 1;
        const wallet = ctx.services.wallet;
        const member = await signInMember(ctx, `Model${run}`);
        const who = { userId: member.userId, authMethod: 'google' as const };
        const model = new CoinLedgerModel(ctx.clock.now().getTime());
        const keys: string[] = []; // grant keys in model lot order
        const next = dramas.map(() => FREE + 1);

        for (const [step, c] of commands.entries()) {
          switch (c.type) {
            case 'grant': {
              // one second apart, so no two lots share a grant time (the model orders those by id)
              ctx.clock.advance(1000);
              model.advance(1000);
              const key = `model-${member.userId}-${step}`;
              await wallet.grant({
                userId: member.userId,
                kind: c.kind,
                amount: c.amount,
                source: c.kind === 'paid' ? 'purchase' : 'attendance',
                idempotencyKey: key,
                validDays: c.validDays,
              });
              model.grant(c.kind, c.amount, c.validDays * DAY);
              keys.push(key);
              break;
            }
            case 'unlock': {
              const drama = dramas[c.drama];
              const epsd = next[c.drama];
              if (!drama || epsd === undefined) throw new Error('bad drama index');
              const expected = model.spend(drama.price);
              const code = await errorCode(wallet.spendForEpisode(who, drama.id, epsd));
              expect(code).toBe(expected ? 0 : ResultCode.INSUFFICIENT_COINS);
              if (expected) next[c.drama] = epsd + 1;
              break;
            }
            case 'refund': {
              const index = c.pick % Math.max(1, keys.length);
              const key = keys[index];
              const lot = model.lots[index];
              if (!key || !lot) break;
              const expected = model.refund(lot.id);
              const result = await wallet
                .refundPurchase({
                  userId: member.userId,
                  grantIdempotencyKey: key,
                  idempotencyKey: `refund-${member.userId}-${step}`,
                  reason: 'model',
                })
                .then((r) => r.amount)
                .catch((error: unknown) => {
                  if (error instanceof AppError && error.code === ResultCode.REFUND_NOT_ALLOWED)
                    return 0;
                  throw error;
                });
              expect(result).toBe(expected);
              break;
            }
            case 'advance':
              ctx.clock.advance(c.hours * 3_600_000);
              model.advance(c.hours * 3_600_000);
              break;
          }
          expect(await wallet.balances(member.userId)).toEqual(model.balance());
        }
        // every lot holds what the model's lot holds: the same lots paid, in the same order
        const rows = await ctx.database.db
          .select({ key: coinLots.idempotencyKey, remaining: coinLots.remaining })
          .from(coinLots)
          .where(eq(coinLots.userId, member.userId));
        const remainingByKey = new Map(rows.map((r) => [r.key, r.remaining]));
        expect(keys.map((k) => remainingByKey.get(k))).toEqual(model.lots.map((l) => l.remaining));
        expect(model.invariantViolations()).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
