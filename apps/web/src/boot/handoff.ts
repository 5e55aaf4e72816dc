import type { RawReply } from '../shared/api/api-client';

/*
 * The hand-over between the boot script and the app. Types and small functions only, so the app's
 * bundle takes nothing of the boot script's code.
 */

/** A path part that names a drama or an episode: a positive whole number, or undefined. */
export const positiveNumber = (value: string | undefined) =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/** A guest join the boot script sent: the guest id it made, and the server's reply. */
export interface BootJoin {
  authId: string;
  reply: Promise<RawReply>;
}

/**
 * What the boot script asked for a player link once its join answered (boot-player.ts): the
 * drama info, and the episode start when the link names an episode.
 */
export interface BootPlayer {
  dramaId: number;
  epsd?: number;
  /** the requests once the join answered, or null when it failed (nothing was sent) */
  sent: Promise<{ info: Promise<RawReply>; start?: Promise<RawReply> } | null>;
}

declare global {
  interface Window {
    snapdramaBootJoin?: BootJoin;
    snapdramaBootPlayer?: BootPlayer;
  }
}

/** The boot script's join for this guest id, handed over once. */
export function takeBootJoin(
  win: { snapdramaBootJoin?: BootJoin },
  authId: string,
): Promise<RawReply> | null {
  const join = win.snapdramaBootJoin;
  if (!join || join.authId !== authId) return null;
  delete win.snapdramaBootJoin;
  return join.reply;
}

/**
 * The boot script's requests for this player link, handed over once: a link other than the one
 * the boot read (it cannot be, on the page's first route) gets nothing.
 */
export function takeBootPlayer(
  win: { snapdramaBootPlayer?: BootPlayer },
  dramaId: number,
  epsd: number | undefined,
): BootPlayer | null {
  const sent = win.snapdramaBootPlayer;
  if (!sent || sent.dramaId !== dramaId || sent.epsd !== epsd) return null;
  delete win.snapdramaBootPlayer;
  return sent;
}
