import { bootSend } from './boot-send';
import { positiveNumber, type BootJoin, type BootPlayer } from './handoff';

type BootWindow = Pick<Window, 'location' | 'fetch'> & { snapdramaBootPlayer?: BootPlayer };

/**
 * The player's deep link in an address, as the router reads it (`/:dramaId` and
 * `/:dramaId/:episodeNum`, app/router.tsx): positive whole numbers, nothing else.
 */
export function deepLinkOf(pathname: string): { dramaId: number; epsd?: number } | null {
  const parts = /^\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  const dramaId = positiveNumber(parts?.[1]);
  if (dramaId === undefined) return null;
  if (parts?.[2] === undefined) return { dramaId };
  const epsd = positiveNumber(parts[2]);
  return epsd === undefined ? null : { dramaId, epsd };
}

/**
 * A first visit that lands on a player link (a shared episode, an ad) asks for what the player
 * needs the moment the boot's join answers, with the join's token (decision 0500, "The deep
 * link's start from the boot script"): the drama info and, with an episode number, the episode
 * start, the same requests the app's router would send once the app's code has run
 * (player-start.ts), which takes these instead. The hand-over is there at once, whichever comes
 * first, the join's answer or the app's router; a join that did not succeed sends nothing more
 * and hands over nothing, and the app sends its own.
 */
export function startBootPlayer(win: BootWindow, join: BootJoin): void {
  const link = deepLinkOf(win.location.pathname);
  if (!link) return;
  const sent = join.reply.then(
    (reply) => {
      const data = reply.body?.data as { access_token?: unknown } | undefined;
      if (reply.status !== 200 || reply.body?.code !== 0) return null;
      if (typeof data?.access_token !== 'string' || data.access_token === '') return null;
      const token = data.access_token;
      return {
        info: bootSend(win, `/drama/info/${link.dramaId}`, { token }),
        start:
          link.epsd === undefined
            ? undefined
            : bootSend(win, '/drama/episode', {
                token,
                body: { dramId: link.dramaId, epsd: link.epsd },
              }),
      };
    },
    () => null,
  );
  win.snapdramaBootPlayer = { ...link, sent };
}
