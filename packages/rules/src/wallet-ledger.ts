/**
 * Coin ledger rules (spec §1 Coins, §9 coin validity and spending order). Pure: the server
 * allocates spends with them, the web and the tests reason with them.
 */
export type CoinKind = 'paid' | 'bonus';

export interface SpendableLot {
  id: string;
  kind: CoinKind;
  remaining: number;
  /** epoch milliseconds; the lot is valid while now < expiresAt */
  expiresAt: number;
  /** epoch milliseconds */
  grantedAt: number;
}

export interface Allocation {
  lotId: string;
  amount: number;
}

export interface Balances {
  paid: number;
  bonus: number;
}

export const isLotValid = (lot: Pick<SpendableLot, 'expiresAt'>, now: number): boolean =>
  lot.expiresAt > now;

/**
 * Spend order: the shortest validity first (spec §9); on a tie bonus before paid, so purchased
 * coins, the only refundable ones, stay longest; then the oldest grant, then the id (a total order).
 */
export function compareSpendOrder(a: SpendableLot, b: SpendableLot): number {
  if (a.expiresAt !== b.expiresAt) return a.expiresAt - b.expiresAt;
  if (a.kind !== b.kind) return a.kind === 'bonus' ? -1 : 1;
  if (a.grantedAt !== b.grantedAt) return a.grantedAt - b.grantedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The valid balance, by kind: remaining coins of lots that have not expired at `now`. */
export function spendableBalance(lots: readonly SpendableLot[], now: number): Balances {
  const balances: Balances = { paid: 0, bonus: 0 };
  for (const lot of lots)
    if (isLotValid(lot, now) && lot.remaining > 0) balances[lot.kind] += lot.remaining;
  return balances;
}

/**
 * Which lots pay `price` at `now`, in spend order; undefined when the valid balance is too small.
 * A price of 0 takes nothing.
 */
export function allocateSpend(
  lots: readonly SpendableLot[],
  price: number,
  now: number,
): Allocation[] | undefined {
  if (!Number.isInteger(price) || price < 0)
    throw new RangeError(`price must be a non-negative integer, got ${price}`);
  const usable = lots.filter((l) => isLotValid(l, now) && l.remaining > 0).sort(compareSpendOrder);
  const allocations: Allocation[] = [];
  let due = price;
  for (const lot of usable) {
    if (due === 0) break;
    const take = Math.min(lot.remaining, due);
    allocations.push({ lotId: lot.id, amount: take });
    due -= take;
  }
  return due === 0 ? allocations : undefined;
}

/** Paid lots only, valid, and at most what is left of them (spec §9: bonus coins are never refunded). */
export function refundableAmount(lot: SpendableLot, now: number): number {
  if (lot.kind !== 'paid' || !isLotValid(lot, now)) return 0;
  return lot.remaining;
}

/**
 * A plain in-memory ledger: the model the database ledger is checked against in property tests.
 * Every lot keeps what was spent from it and refunded from it, so the invariant can be stated.
 */
export interface ModelLot extends SpendableLot {
  amount: number;
  spent: number;
  refunded: number;
}

export class CoinLedgerModel {
  readonly lots: ModelLot[] = [];
  private sequence = 0;

  constructor(public now: number) {}

  advance(ms: number): void {
    this.now += ms;
  }

  grant(kind: CoinKind, amount: number, validMs: number): ModelLot {
    this.sequence += 1;
    const lot: ModelLot = {
      id: `lot-${String(this.sequence).padStart(6, '0')}`,
      kind,
      amount,
      remaining: amount,
      spent: 0,
      refunded: 0,
      grantedAt: this.now,
      expiresAt: this.now + validMs,
    };
    this.lots.push(lot);
    return lot;
  }

  /** Takes `price` in spend order, or changes nothing and answers undefined. */
  spend(price: number): Allocation[] | undefined {
    const allocations = allocateSpend(this.lots, price, this.now);
    if (!allocations) return undefined;
    for (const a of allocations) {
      const lot = this.lots.find((l) => l.id === a.lotId);
      if (!lot) throw new Error(`unknown lot ${a.lotId}`);
      lot.remaining -= a.amount;
      lot.spent += a.amount;
    }
    return allocations;
  }

  /** Refunds what is left of a valid paid lot; 0 (and nothing changes) otherwise. */
  refund(lotId: string): number {
    const lot = this.lots.find((l) => l.id === lotId);
    if (!lot) return 0;
    const amount = refundableAmount(lot, this.now);
    lot.remaining -= amount;
    lot.refunded += amount;
    return amount;
  }

  balance(): Balances {
    return spendableBalance(this.lots, this.now);
  }

  /** granted = valid remaining + expired remaining + spent + refunded, and no lot out of bounds. */
  invariantViolations(): string[] {
    const problems: string[] = [];
    for (const lot of this.lots) {
      if (lot.remaining < 0 || lot.remaining > lot.amount)
        problems.push(`${lot.id}: remaining ${lot.remaining}`);
      if (lot.amount !== lot.remaining + lot.spent + lot.refunded)
        problems.push(`${lot.id}: amount does not add up`);
    }
    return problems;
  }
}
