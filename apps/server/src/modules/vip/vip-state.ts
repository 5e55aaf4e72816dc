import type { VipStatus } from '@snapdrama/contract';

/**
 * A pass's state as a function of the facts its provider events left (issue 39 item 1): which
 * periods were paid, which of them were refunded, the latest expiry, renewal switched on or off and
 * when, the latest grace end. Every event only adds facts (a set union), and this function reads
 * them, so the state depends on the set of events and never on the order they arrived in.
 */
export interface VipFacts {
  periods: { key: string; startsAt: Date; endsAt: Date; refunded: boolean }[];
  /** the pending checkout was replaced by another before any payment */
  closedAt: Date | null;
  /** the latest expiry the provider reported (its time) */
  expiredAt: Date | null;
  renewOnAt: Date | null;
  renewOffAt: Date | null;
  graceSeenUntil: Date | null;
  /** paid while another pass of the viewer was live */
  duplicate: boolean;
}

export interface VipDerived {
  status: VipStatus;
  autoRenew: boolean;
  paidUntil: Date | null;
  graceUntil: Date | null;
  /** true when the pass ended (expired or refunded) */
  ended: boolean;
}

const max = (dates: Date[]): Date | null =>
  dates.length === 0 ? null : new Date(Math.max(...dates.map((d) => d.getTime())));

export function deriveVipState(facts: VipFacts): VipDerived {
  const paidUntil = max(facts.periods.map((p) => p.endsAt));
  const kept = facts.periods.filter((p) => !p.refunded);
  const keptUntil = max(kept.map((p) => p.endsAt));
  const lastStart = max(kept.map((p) => p.startsAt));
  let status: VipStatus;
  if (facts.periods.length === 0) status = facts.closedAt ? 'expired' : 'pending';
  // money returned for a period ends the pass at once, whatever else arrived
  else if (kept.length < facts.periods.length) status = 'refunded';
  else if (facts.duplicate) status = 'expired';
  // an expiry ends the periods that started before it; a later period (Apple's resubscribe under
  // the same original transaction) starts the pass again
  else if (facts.expiredAt && lastStart && facts.expiredAt >= lastStart) status = 'expired';
  else if (facts.graceSeenUntil && keptUntil && facts.graceSeenUntil > keptUntil) status = 'grace';
  else status = 'active';
  const live = status === 'active' || status === 'grace';
  // renewal is off when the latest word is off (a tie: off), or once the pass has ended
  const off =
    facts.renewOffAt !== null && (!facts.renewOnAt || facts.renewOffAt >= facts.renewOnAt);
  return {
    status,
    autoRenew: (live || status === 'pending') && !off,
    paidUntil,
    graceUntil: status === 'grace' ? facts.graceSeenUntil : null,
    ended: status === 'expired' || status === 'refunded',
  };
}
