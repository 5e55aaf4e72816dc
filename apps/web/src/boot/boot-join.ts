import { bootSend } from './boot-send';
import { joinedToken, type BootJoin, type BootSigned } from '../shared/boot/handoff';
import {
  ACCESS_TOKEN_KEY,
  GUEST_ID_KEY,
  SIMULATOR_QUERY,
  SIMULATOR_SWITCH_KEY,
} from '../shared/session/storage-keys';

type BootWindow = Pick<Window, 'localStorage' | 'location' | 'fetch' | 'SnapDramaHost'> & {
  snapdramaBootJoin?: BootJoin;
};

/**
 * A browser that has never been here (no token, no guest id) joins as a guest at once, while the
 * app's code still downloads and evaluates (decision 0500, "The guest join from a boot
 * script"): the app would send the same join only after its first render. Everything else waits
 * for the app: a returning browser (its token or cookie may be good), the app wrapper and its
 * simulator (the host restores the saved token first, spec §4), storage that cannot be written.
 */
export function startBootJoin(win: BootWindow, makeId: () => string): BootJoin | null {
  if (win.SnapDramaHost) return null;
  let authId: string;
  try {
    const storage = win.localStorage;
    if (new URLSearchParams(win.location.search).has(SIMULATOR_QUERY)) return null;
    if (storage.getItem(SIMULATOR_SWITCH_KEY)) return null;
    if (storage.getItem(ACCESS_TOKEN_KEY) || storage.getItem(GUEST_ID_KEY)) return null;
    authId = makeId();
    storage.setItem(GUEST_ID_KEY, authId);
  } catch {
    return null;
  }
  const reply = bootSend(win, '/auth/join', {
    body: { authMthd: 'guest', authId, infoAgreeYn: 'N' },
  });
  const join = { authId, reply };
  win.snapdramaBootJoin = join;
  return join;
}

/**
 * The user info the app's gate waits for, asked for with the join's token the moment the join
 * answers (the app would ask only once its code has run and taken the join over). boot.ts calls
 * this after the player link's requests, which the first frame waits for.
 */
export function startBootUserInfo(
  win: Pick<Window, 'fetch'> & { snapdramaBootUserInfo?: Promise<BootSigned | null> },
  join: BootJoin,
): void {
  win.snapdramaBootUserInfo = join.reply.then(
    (answer) => {
      const token = joinedToken(answer);
      return token ? { token, reply: bootSend(win, '/user/info', { token }) } : null;
    },
    () => null,
  );
}
