/**
 * Coin packs: the list viewers see (with use_yn per viewer, spec §3, §9), the store product ids
 * in-app purchases check, and the operators' editor with its checks.
 */
import { ResultCode, type PaymentGoods } from '@snapdrama/contract';
import { fromMinorUnits, useYn } from '@snapdrama/rules';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentsRepository } from './payments.repository';
import type { GoodsRow } from './payments.tables';

const MAX_COINS = 1_000_000;
const MAX_MINOR = 100_000_000;

/** Why an operator's pack cannot be saved; undefined when it can. */
export function goodsProblem(g: GoodsRow): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(g.godsCode))
    return 'gods_code: 1-40 letters, digits, "_" or "-"';
  const whole = (n: number, min: number, max: number) =>
    Number.isSafeInteger(n) && n >= min && n <= max;
  if (!whole(g.paidCoin, 1, MAX_COINS)) return `paid_coin: a whole number from 1 to ${MAX_COINS}`;
  if (!whole(g.bonusCoin, 0, MAX_COINS)) return `bons_coin: a whole number from 0 to ${MAX_COINS}`;
  if (!whole(g.firstBonusCoin, 0, MAX_COINS))
    return `bons_coin_1st: a whole number from 0 to ${MAX_COINS}`;
  if (!whole(g.krw, 0, MAX_MINOR)) return 'krw: whole won from 0';
  if (!whole(g.usdCents, 0, MAX_MINOR)) return 'usd: cents from 0';
  if (!whole(g.iapPriceCents, 0, MAX_MINOR)) return 'iap_price: cents from 0';
  const productId = /^[A-Za-z0-9._-]{0,100}$/;
  if (!productId.test(g.iapGoogle) || !productId.test(g.iapApple))
    return 'iap: store product ids of letters, digits, ".", "_" or "-"';
  if (!whole(g.sortOrder, 0, 10_000)) return 'sort_order: a whole number from 0 to 10000';
  return undefined;
}

export function toWireGoods(row: GoodsRow, boughtBefore: boolean): PaymentGoods {
  return {
    gods_code: row.godsCode,
    paid_coin: row.paidCoin,
    bons_coin: row.bonusCoin,
    bons_coin_1st: row.firstBonusCoin,
    use_yn: useYn(boughtBefore),
    krw: row.krw,
    usd: fromMinorUnits(row.usdCents, 'USD'),
    iap: { google: row.iapGoogle, apple: row.iapApple },
    iap_price: fromMinorUnits(row.iapPriceCents, 'USD'),
  };
}

/** Experiments' hook (decision 1611): the terms one viewer sees; `show` records an exposure. */
export type ViewerGoods = (userId: string, goods: GoodsRow[], show: boolean) => Promise<GoodsRow[]>;

export function createCoinPacks(repo: PaymentsRepository, viewerGoods?: ViewerGoods) {
  const db = repo.db;
  return {
    /** A coin pack's store product ids, which in-app purchases check with the store (iap/). */
    storeProductsOf: (godsCode: string) => repo.goods(godsCode),

    /** Every pack, on sale or not, as operators edit them (prices in minor units). */
    allGoods: (): Promise<GoodsRow[]> => repo.allGoods(),

    /**
     * Creates or changes a pack (operators). Orders already registered keep the coins and price
     * they were registered with (copied at registration), so a change never alters one in flight.
     * Returns the pack before (undefined when new) and after, for the audit log.
     */
    async saveGoods(
      goods: GoodsRow,
      onChanged?: (
        tx: Tx,
        change: { before: GoodsRow | undefined; after: GoodsRow },
      ) => Promise<void>,
    ): Promise<{ before: GoodsRow | undefined; after: GoodsRow }> {
      const problem = goodsProblem(goods);
      if (problem) throw new AppError(ResultCode.BAD_REQUEST, problem);
      return db.transaction(async (tx) => {
        const before = await repo.lockGoods(tx, goods.godsCode);
        const after = await repo.upsertGoods(tx, goods);
        await onChanged?.(tx, { before, after });
        return { before, after };
      });
    },

    async goodsList(userId: string | undefined): Promise<PaymentGoods[]> {
      const [goods, bought] = await Promise.all([
        repo.activeGoods(),
        userId ? repo.boughtPacks(userId) : Promise.resolve(new Set<string>()),
      ]);
      const shown = userId && viewerGoods ? await viewerGoods(userId, goods, true) : goods;
      return shown.map((g) => toWireGoods(g, bought.has(g.godsCode)));
    },
  };
}
