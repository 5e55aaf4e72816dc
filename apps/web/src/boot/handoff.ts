import type { RawReply } from '../shared/api/api-client';

/*
 * The hand-over between the boot script and the app. Types only and one function, so the app's
 * bundle takes nothing of the boot script's code.
 */

/** A guest join the boot script sent: the guest id it made, and the server's reply. */
export interface BootJoin {
  authId: string;
  reply: Promise<RawReply>;
}

declare global {
  interface Window {
    snapdramaBootJoin?: BootJoin;
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
