/** The invite code a newcomer arrived with, kept until their join (decision 1510). */
export const PENDING_INVITE_KEY = 'pending_invite';
/** A code older than this is forgotten: the friend's visit was long ago. */
export const PENDING_INVITE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): Store | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function rememberInvite(code: string, now = Date.now(), storage = browserStorage()): void {
  try {
    storage?.setItem(PENDING_INVITE_KEY, JSON.stringify({ code, at: now }));
  } catch {
    // storage refused (private mode): the invite is simply not attributed
  }
}

/** The code to send with a join, if one is kept, well-formed and still fresh. */
export function pendingInvite(now = Date.now(), storage = browserStorage()): string | undefined {
  try {
    const raw = storage?.getItem(PENDING_INVITE_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { code?: unknown; at?: unknown };
    if (typeof kept.code !== 'string' || typeof kept.at !== 'number') return undefined;
    if (now - kept.at > PENDING_INVITE_KEEP_MS || now < kept.at) return undefined;
    return /^[0-9A-Za-z]{1,32}$/.test(kept.code) ? kept.code : undefined;
  } catch {
    return undefined;
  }
}

export function forgetInvite(storage = browserStorage()): void {
  try {
    storage?.removeItem(PENDING_INVITE_KEY);
  } catch {
    // nothing kept
  }
}
