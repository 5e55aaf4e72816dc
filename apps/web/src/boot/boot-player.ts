import type { EpisodeStartData } from '@snapdrama/contract';
import type { RawReply } from '../shared/api/api-client';
import {
  prefetchStartSegments,
  startScreen,
  startSegmentUrls,
  storedQuality,
} from '../shared/video/start-segments';
import { bootSend } from './boot-send';
import { startBootVideo } from './boot-video';
import {
  joinedToken,
  positiveNumber,
  type BootJoin,
  type BootPlayer,
} from '../shared/boot/handoff';

type BootWindow = Pick<
  Window,
  | 'location'
  | 'fetch'
  | 'localStorage'
  | 'innerHeight'
  | 'devicePixelRatio'
  | 'matchMedia'
  | 'document'
  | 'snapdramaBootVideo'
> & { snapdramaBootPlayer?: BootPlayer; MediaSource?: typeof MediaSource };

/**
 * The start's first seconds, played at once where the boot script can (boot-video.ts); else its
 * first segments, fetched into the HTTP cache the moment the start answers, as the app would once
 * its code has run (start-segments.ts): where hls.js plays (Media Source Extensions), for the
 * rendition it will load first. The app then leaves them to this. `settled` runs once the video
 * plays, or once it is clear that it will not.
 */
function startSegments(
  win: BootWindow,
  link: { dramaId: number; epsd?: number },
  answer: RawReply,
  settled: () => void,
): void {
  if (answer.status !== 200 || answer.body?.code !== 0 || !win.MediaSource) return settled();
  const data = answer.body.data as EpisodeStartData;
  const screen = startScreen(win, storedQuality(win.localStorage));
  if (startBootVideo(win, `${link.dramaId}/${link.epsd}`, data, screen, settled)) return;
  prefetchStartSegments(startSegmentUrls(data, screen), Date.now(), win.fetch.bind(win));
  settled();
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
 * without an episode), whatever the answer, after the segments were asked for. `settled` runs
 * once the start's first seconds play (boot-video.ts), or once it is clear that they will not.
 */
export function startBootPlayer(
  win: BootWindow,
  join: BootJoin,
  answered: () => void = () => undefined,
  settled: () => void = () => undefined,
): void {
  const link = deepLinkOf(win.location.pathname);
  if (!link) return settled();
  const sent = join.reply.then(
    (reply) => {
      const token = joinedToken(reply);
      if (!token) {
        settled();
        return null;
      }
      const start =
        link.epsd === undefined
          ? undefined
          : bootSend(win, '/drama/episode', {
              token,
              body: { dramId: link.dramaId, epsd: link.epsd },
            });
      if (start)
        start.then((answer) => startSegments(win, link, answer, settled), settled).catch(settled);
      else settled();
      const info = bootSend(win, `/drama/info/${link.dramaId}`, { token });
      (start ?? info).then(answered, answered).catch(() => undefined);
      return { info, start };
    },
    () => {
      settled();
      return null;
    },
  );
  win.snapdramaBootPlayer = { ...link, sent };
}
