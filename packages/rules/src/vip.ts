/**
 * The VIP pass's access rule (issue 16 item 1), one place for server and web. A pass opens every
 * episode while its paid period runs, and during a grace period after a failed renewal (the
 * provider keeps retrying the charge). A refund or an expiry ends it at once, whatever the dates.
 */
export type VipPassStatus = 'pending' | 'active' | 'grace' | 'expired' | 'refunded';

export interface VipPassState {
  status: VipPassStatus;
  /** end of the last paid period, ms since the epoch; null before the first payment */
  paidUntil: number | null;
  /** end of the grace period, ms; only while status is grace */
  graceUntil: number | null;
}

/** When access ends (ms), or null when the pass opens nothing now or later. */
export function vipAccessUntil(pass: VipPassState): number | null {
  switch (pass.status) {
    case 'pending':
    case 'expired':
    case 'refunded':
      return null;
    case 'active':
      return pass.paidUntil;
    case 'grace': {
      const ends = [pass.paidUntil, pass.graceUntil].filter((t): t is number => t !== null);
      return ends.length > 0 ? Math.max(...ends) : null;
    }
  }
}

/** True while the pass opens every episode. */
export function isVipActive(pass: VipPassState, now: number): boolean {
  const until = vipAccessUntil(pass);
  return until !== null && now < until;
}
