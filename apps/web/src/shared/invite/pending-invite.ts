/** The invite code a newcomer arrived with, kept until their join (decision 1510). */
export const PENDING_INVITE_KEY = 'pending_invite';
/** A code older than this is forgotten: the friend's visit was long ago. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export function rememberInvite(code: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(PENDING_INVITE_KEY, JSON.stringify({ code, at: now }));
  } catch {
    // storage refused (private mode): the invite is simply not attributed
  }
}

/** The code to send with a join, if one is kept and still fresh. */
export function pendingInvite(now = Date.now()): string | undefined {
  try {
    const raw = window.localStorage.getItem(PENDING_INVITE_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { code?: unknown; at?: unknown };
    if (typeof kept.code !== 'string' || typeof kept.at !== 'number') return undefined;
    if (now - kept.at > KEEP_MS || now < kept.at) return undefined;
    return /^[0-9A-Za-z]{1,32}$/.test(kept.code) ? kept.code : undefined;
  } catch {
    return undefined;
  }
}

export function forgetInvite(): void {
  try {
    window.localStorage.removeItem(PENDING_INVITE_KEY);
  } catch {
    // nothing kept
  }
}
