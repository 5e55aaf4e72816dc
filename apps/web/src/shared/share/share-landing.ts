import type { JoinLanding } from '@snapdrama/contract';
import { isShareLanding } from '@snapdrama/rules';

/**
 * A landing through a shared episode link (`?from=share`), kept until the newcomer joins, so the
 * join can say so (the `shared_link` retention segment, decision 1606), as an invite code is
 * kept (pending-invite.ts).
 */
export const SHARE_LANDING_KEY = 'share_landing';
/** A landing older than this is forgotten: the shared link was opened long ago. */
export const SHARE_LANDING_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): Store | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the landing when the address's query (`location.search`) is a shared link's. */
export function rememberShareLanding(
  search: string,
  now = Date.now(),
  storage = browserStorage(),
): void {
  if (!isShareLanding(search)) return;
  try {
    storage?.setItem(SHARE_LANDING_KEY, JSON.stringify({ from: 'share', at: now }));
  } catch {
    // storage refused (private mode): the landing is simply not attributed
  }
}

/** The landing to send with a join, if one is kept, well-formed and still fresh. */
export function pendingShareLanding(
  now = Date.now(),
  storage = browserStorage(),
): JoinLanding | undefined {
  try {
    const raw = storage?.getItem(SHARE_LANDING_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { from?: unknown; at?: unknown };
    if (kept.from !== 'share' || typeof kept.at !== 'number') return undefined;
    if (now - kept.at > SHARE_LANDING_KEEP_MS || now < kept.at) return undefined;
    return 'share';
  } catch {
    return undefined;
  }
}

export function forgetShareLanding(storage = browserStorage()): void {
  try {
    storage?.removeItem(SHARE_LANDING_KEY);
  } catch {
    // nothing kept
  }
}
