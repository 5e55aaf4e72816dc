/**
 * The coin history as one timeline (issue 40 item 1): every movement of a viewer's coins, in
 * order, with the balance after it, so the entries sum to the balance. Built from the wallet's
 * own rows (lots, unlocks, undone auto-unlocks, refunds, revocations); nothing is stored twice.
 *
 * Lists (spec §3 coin history): A earned, U used and taken back (unlocks, auto-unlocks and their
 * undo, refunds, operator revocations), E expired (docs/decisions/0204).
 */

export interface TimelineLot {
  id: string;
  kind: 'paid' | 'bonus';
  source: string;
  sourceRef: string | null;
  channel: string | null;
  amount: number;
  /** coins left in the lot now */
  remaining: number;
  grantedAt: number;
  expiresAt: number;
}

export interface TimelineUnlock {
  id: string;
  dramaId: number;
  epsd: number;
  titleKey: string;
  coins: number;
  unlockedAt: number;
  /** made by auto-unlock */
  auto: boolean;
}

/** An auto-unlock that was undone: its unlock row is gone, the coins went back to their lots. */
export interface TimelineUndo {
  id: string;
  dramaId: number;
  epsd: number;
  titleKey: string;
  coins: number;
  unlockedAt: number;
  undoneAt: number;
  /** what went back to which lot */
  returned: { lotId: string; amount: number }[];
}

export interface TimelineRefund {
  id: string;
  lotId: string;
  amount: number;
  refundedAt: number;
}

export interface TimelineRevocation {
  id: string;
  amount: number;
  revokedAt: number;
}

export interface TimelineInput {
  lots: TimelineLot[];
  unlocks: TimelineUnlock[];
  undos: TimelineUndo[];
  refunds: TimelineRefund[];
  revocations: TimelineRevocation[];
  now: number;
}

export type TimelineEntry =
  | { list: 'A'; type: 'grant'; lot: TimelineLot; refunded: number }
  | { list: 'U'; type: 'unlock' | 'auto_unlock'; unlock: TimelineUnlock }
  | { list: 'U'; type: 'undo'; undo: TimelineUndo }
  | { list: 'U'; type: 'refund'; refund: TimelineRefund; lot: TimelineLot | undefined }
  | { list: 'U'; type: 'revoke'; revocation: TimelineRevocation }
  | {
      list: 'E';
      type: 'expire';
      lot: TimelineLot;
      expiredRemaining: number;
      /** coins an undo gave back to this lot after it had expired: they expire at the undo */
      onReturn: boolean;
    };

export type TimedEntry = TimelineEntry & {
  /** ms since the epoch */
  at: number;
  /** signed: what the entry did to the balance */
  change: number;
  /** the valid balance right after the entry */
  balanceAfter: number;
  /** a stable id within the user's history */
  key: string;
};

/**
 * At one instant: a lot whose expiry is that instant is already expired (valid means
 * expires_at > now), so expiries come first, except coins an undo gives back to an expired lot,
 * which expire right after coming back; the rest in the order the wallet can make them.
 */
function rank(e: TimelineEntry): number {
  switch (e.type) {
    case 'expire':
      return e.onReturn ? 3 : 0;
    case 'grant':
      return 1;
    case 'undo':
      return 2;
    case 'unlock':
    case 'auto_unlock':
      return 4;
    case 'refund':
      return 5;
    case 'revoke':
      return 6;
  }
}

/** Every movement with its balance after, oldest first. */
export function coinTimeline(input: TimelineInput): TimedEntry[] {
  const lotsById = new Map(input.lots.map((l) => [l.id, l]));
  const refundedByLot = new Map<string, number>();
  for (const r of input.refunds)
    refundedByLot.set(r.lotId, (refundedByLot.get(r.lotId) ?? 0) + r.amount);

  // coins an undo put back into a lot that had already expired expire again at the undo
  const returnedAfterExpiry = new Map<string, number>();
  const raw: (TimelineEntry & { at: number; change: number; key: string })[] = [];
  for (const u of input.undos) {
    raw.push({
      list: 'U',
      type: 'auto_unlock',
      unlock: { ...u, id: u.id, auto: true },
      at: u.unlockedAt,
      change: -u.coins,
      key: `auto:${u.id}`,
    });
    raw.push({
      list: 'U',
      type: 'undo',
      undo: u,
      at: u.undoneAt,
      change: u.coins,
      key: `undo:${u.id}`,
    });
    for (const r of u.returned) {
      const lot = lotsById.get(r.lotId);
      if (!lot || lot.expiresAt > u.undoneAt) continue;
      returnedAfterExpiry.set(lot.id, (returnedAfterExpiry.get(lot.id) ?? 0) + r.amount);
      raw.push({
        list: 'E',
        type: 'expire',
        lot,
        expiredRemaining: r.amount,
        onReturn: true,
        at: u.undoneAt,
        change: -r.amount,
        key: `expire:${lot.id}:${u.id}`,
      });
    }
  }
  for (const lot of input.lots) {
    raw.push({
      list: 'A',
      type: 'grant',
      lot,
      refunded: refundedByLot.get(lot.id) ?? 0,
      at: lot.grantedAt,
      change: lot.amount,
      key: `grant:${lot.id}`,
    });
    if (lot.expiresAt > input.now) continue;
    const atExpiry = lot.remaining - (returnedAfterExpiry.get(lot.id) ?? 0);
    if (atExpiry > 0) {
      raw.push({
        list: 'E',
        type: 'expire',
        lot,
        expiredRemaining: atExpiry,
        onReturn: false,
        at: lot.expiresAt,
        change: -atExpiry,
        key: `expire:${lot.id}`,
      });
    }
  }
  for (const u of input.unlocks) {
    raw.push({
      list: 'U',
      type: u.auto ? 'auto_unlock' : 'unlock',
      unlock: u,
      at: u.unlockedAt,
      change: -u.coins,
      key: `unlock:${u.id}`,
    });
  }
  for (const r of input.refunds) {
    raw.push({
      list: 'U',
      type: 'refund',
      refund: r,
      lot: lotsById.get(r.lotId),
      at: r.refundedAt,
      change: -r.amount,
      key: `refund:${r.id}`,
    });
  }
  for (const v of input.revocations) {
    raw.push({
      list: 'U',
      type: 'revoke',
      revocation: v,
      at: v.revokedAt,
      change: -v.amount,
      key: `revoke:${v.id}`,
    });
  }
  raw.sort(
    (a, b) => a.at - b.at || rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  let balance = 0;
  return raw.map((e) => {
    balance += e.change;
    return { ...e, balanceAfter: balance };
  });
}

/** What moved in [from, to): the balance before, the sums by list and the balance after. */
export interface TimelineSummary {
  opening: number;
  earned: number;
  used: number;
  takenBack: number;
  returned: number;
  expired: number;
  closing: number;
}

/** The summary of a timeline over [from, to); closing = opening + every change in between. */
export function summarizeTimeline(
  timeline: readonly TimedEntry[],
  from: number,
  to: number,
): TimelineSummary {
  const s: TimelineSummary = {
    opening: 0,
    earned: 0,
    used: 0,
    takenBack: 0,
    returned: 0,
    expired: 0,
    closing: 0,
  };
  for (const e of timeline) {
    if (e.at < from) {
      s.opening = e.balanceAfter;
      s.closing = e.balanceAfter;
      continue;
    }
    if (e.at >= to) break;
    s.closing = e.balanceAfter;
    switch (e.type) {
      case 'grant':
        s.earned += e.change;
        break;
      case 'unlock':
      case 'auto_unlock':
        s.used -= e.change;
        break;
      case 'undo':
        s.returned += e.change;
        break;
      case 'refund':
      case 'revoke':
        s.takenBack -= e.change;
        break;
      case 'expire':
        s.expired -= e.change;
        break;
    }
  }
  return s;
}
