import type { EpisodeStartData } from '@snapdrama/contract';
import { isSignedUrlExpired, playbackRate } from '@snapdrama/rules';
import {
  autoUrlOf,
  startRendition,
  storedVideoSettings,
  type StartScreen,
} from '../shared/video/start-segments';
import type { BootVideo } from '../shared/boot/handoff';

/** How many of the episode's first segments the boot script plays (4 s of the demo episodes). */
export const BOOT_SEGMENTS = 3;

type VideoWindow = Pick<Window, 'localStorage' | 'fetch'> & {
  document: Pick<Document, 'createElement' | 'body' | 'visibilityState'>;
  MediaSource?: typeof MediaSource;
  snapdramaBootVideo?: BootVideo;
};

/**
 * Whether the boot script may play a player link's first seconds on this page at all, before the
 * start has answered: Media Source Extensions, the phone layout, autoplay on, a visible tab.
 */
export function bootVideoPossible(
  win: Pick<VideoWindow, 'localStorage' | 'document' | 'MediaSource'>,
  isMobile: boolean,
): boolean {
  return (
    win.MediaSource !== undefined &&
    isMobile &&
    storedVideoSettings(win.localStorage).autoplay &&
    win.document.visibilityState === 'visible'
  );
}

/**
 * A cold player link's first seconds, played by the boot script before the app's code has run
 * (decision 0500, "The first seconds from the boot script"): the start's rendition for this
 * screen, its init segment and first segments appended to a MediaSource of its own, on a video
 * laid over the first screen. The slide of that episode takes the element over once the app has
 * rendered, and hls.js takes the MediaSource and its buffer over (hls-engine.ts). Where the boot
 * script cannot do it as the player would, it does nothing and says so (false), and the player
 * starts as before: no Media Source Extensions, the desktop layout (the player is not the whole
 * screen there), autoplay switched off, a hidden tab, or a rendition without its codecs. A
 * first visit has no saved position to resume from, so the start is the episode's beginning.
 * `done` runs once, when the video plays or the attempt has failed.
 */
export function startBootVideo(
  win: VideoWindow,
  key: string,
  data: EpisodeStartData,
  screen: StartScreen,
  done: () => void,
): boolean {
  const MediaSourceClass = win.MediaSource;
  const settings = storedVideoSettings(win.localStorage);
  if (!MediaSourceClass || !bootVideoPossible(win, screen.isMobile)) return false;
  const src = autoUrlOf(data);
  const rendition = startRendition(data, screen, BOOT_SEGMENTS);
  const mime = `video/mp4; codecs="${rendition?.codecs ?? ''}"`;
  if (!src || !rendition?.codecs || rendition.urls.length < 2) return false;
  if (!MediaSourceClass.isTypeSupported(mime)) return false;
  const now = Date.now();
  if (rendition.urls.some((url) => isSignedUrlExpired(url, now))) return false;

  const video = win.document.createElement('video');
  video.setAttribute('playsinline', '');
  video.preload = 'auto';
  video.muted = settings.muted;
  video.dataset.episode = key.split('/')[1];
  video.dataset.active = 'true';
  // over the first screen (its poster shows until the first frame), under nothing else yet
  video.style.cssText =
    'position:fixed;inset:0;z-index:2;width:100%;height:100%;object-fit:contain;background:transparent';
  const mediaSource = new MediaSourceClass();
  const objectUrl = URL.createObjectURL(mediaSource);
  video.src = objectUrl;
  win.document.body.append(video);

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  // before the app took it over: taken down, and the player starts as before
  const fail = () => {
    if (win.snapdramaBootVideo === handoff) {
      delete win.snapdramaBootVideo;
      video.pause();
      video.remove();
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(objectUrl);
    }
    finish();
  };
  // fetched at once, in order; the player's hls.js finds them in the HTTP cache
  const bodies = rendition.urls.map((url) =>
    win.fetch(url, { priority: 'high' }).then((response) => {
      if (!response.ok) throw new Error(`segment ${response.status}`);
      return response.arrayBuffer();
    }),
  );
  for (const body of bodies) body.catch(() => undefined);

  const play = async () => {
    video.playbackRate = playbackRate(settings.speed);
    try {
      await video.play();
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') throw error;
      // autoplay with sound refused: muted, as the player does, which offers to unmute
      video.muted = true;
      handoff.mutedByPolicy = true;
      await video.play();
    }
  };

  const handoff: BootVideo = { key, src, video, mediaSource, codecs: rendition.codecs };
  win.snapdramaBootVideo = handoff;
  mediaSource.addEventListener(
    'sourceopen',
    () => {
      void (async () => {
        const buffer = mediaSource.addSourceBuffer(mime);
        handoff.buffer = buffer;
        for (const [i, body] of bodies.entries()) {
          const bytes = await body;
          // taken over: the buffer is hls.js's now
          if (win.snapdramaBootVideo !== handoff) return;
          await new Promise<void>((resolve, reject) => {
            buffer.addEventListener('updateend', () => resolve(), { once: true });
            buffer.addEventListener('error', () => reject(new Error('append failed')), {
              once: true,
            });
            buffer.appendBuffer(bytes);
          });
          // the init segment and the first media segment: enough for a frame
          if (i === 1) await play().then(finish);
        }
      })().catch(fail);
    },
    { once: true },
  );
  return true;
}
