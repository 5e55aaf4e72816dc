import type { EpisodeStartData } from '@snapdrama/contract';
import type { RawReply } from '../shared/api/api-client';
import {
  prefetchStartSegments,
  startScreen,
  startSegmentUrls,
  storedQuality,
} from '../features/player/start-segments';
import { bootSend } from './boot-send';
import { joinedToken, positiveNumber, type BootJoin, type BootPlayer } from './handoff';

type BootWindow = Pick<
  Window,
  'location' | 'fetch' | 'localStorage' | 'innerHeight' | 'devicePixelRatio' | 'matchMedia'
> & { snapdramaBootPlayer?: BootPlayer; MediaSource?: unknown };

/**
 * The start's first segments, fetched into the HTTP cache the moment the start answers, as the
 * app would once its code has run (start-segments.ts): where hls.js plays (Media Source
 * Extensions), for the rendition it will load first. The app then leaves them to this.
 */
function prefetchSegments(win: BootWindow, answer: RawReply): void {
  if (answer.status !== 200 || answer.body?.code !== 0 || !win.MediaSource) return;
  const data = answer.body.data as EpisodeStartData;
  const urls = startSegmentUrls(data, startScreen(win, storedQuality(win.localStorage)));
  prefetchStartSegments(urls, Date.now(), win.fetch.bind(win));
}

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
 * link's start from the boot script"): the episode start, when the link names an episode, and the
 * drama info, the same requests the app's router would send once the app's code has run
 * (player-start.ts), which takes these instead; and once the start answers, its first segments.
 * The hand-over is there at once, whichever comes first, the join's answer or the app's router; a
 * join that did not succeed sends nothing more and hands over nothing, and the app sends its own.
 * `answered` runs once the first of these has answered (the start, or the drama info on a link
 * without an episode), whatever the answer, after the segments were asked for.
 */
export function startBootPlayer(
  win: BootWindow,
  join: BootJoin,
  answered: () => void = () => undefined,
): void {
  const link = deepLinkOf(win.location.pathname);
  if (!link) return;
  const sent = join.reply.then(
    (reply) => {
      const token = joinedToken(reply);
      if (!token) return null;
      const start =
        link.epsd === undefined
          ? undefined
          : bootSend(win, '/drama/episode', {
              token,
              body: { dramId: link.dramaId, epsd: link.epsd },
            });
      start?.then((answer) => prefetchSegments(win, answer)).catch(() => undefined);
      const info = bootSend(win, `/drama/info/${link.dramaId}`, { token });
      (start ?? info).then(answered, answered).catch(() => undefined);
      return { info, start };
    },
    () => null,
  );
  win.snapdramaBootPlayer = { ...link, sent };
}
