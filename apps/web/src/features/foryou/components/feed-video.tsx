import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ForYouItem } from '@snapdrama/contract';
import { VIDEO_RETRIES, VIDEO_RETRY_DELAY_MS } from '@snapdrama/rules';
import { PlayIcon, VolumeOffIcon } from '../../../shared/ui/icons';
import {
  PLAYING_BUFFER_SECONDS,
  PRELOAD_BUFFER_SECONDS,
  bufferAhead,
  loadHls,
  prefersNativeHls,
} from '../../../shared/video/load-hls';
import { useVideoSettings } from '../../../shared/video/video-settings';
import { clipLoopTo } from '../feed-rules';
import styles from '../foryou-page.module.css';

/** What the feed learns of the video in view. */
export interface FeedVideoEvents {
  /** its first frame is on screen */
  onShown: (item: ForYouItem) => void;
  onPlaying: (item: ForYouItem) => void;
  onPaused: (item: ForYouItem) => void;
}

interface Props extends FeedVideoEvents {
  item: ForYouItem;
  /** resolves when a preloading slide may set its video up (the feed's first frame is shown) */
  preloadGate: () => Promise<void>;
  /** in view; false while it only preloads (or was just left) */
  active: boolean;
}

/** The Auto playlist (the master: hls.js picks the rendition), else the first. */
const sourceOf = (item: ForYouItem) =>
  (item.videoUrlList.find((u) => u.quality === 'Auto') ?? item.videoUrlList[0])?.videoUrl ?? '';

/** HTMLMediaElement.HAVE_CURRENT_DATA */
const HAVE_CURRENT_DATA = 2;

/**
 * One item's opening. hls.js is the player's (shared/video: its fast-start settings, its worker,
 * the start level for the screen), set up at once: a slide mounts as the next one and preloads
 * (playlist, first segments, 4 s of buffer, paused) so a swipe finds its first frame decoded;
 * in view it buffers like the player. iPhone Safari plays the playlist natively.
 */
export function FeedVideo({ item, active, preloadGate, onShown, onPlaying, onPaused }: Props) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [hasFrame, setHasFrame] = useState(false);
  const [paused, setPaused] = useState(true);
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const muted = useVideoSettings((s) => s.muted);
  const updateSettings = useVideoSettings((s) => s.update);
  const latest = useRef({ item, active, preloadGate, onShown, onPlaying, onPaused });
  useEffect(() => {
    latest.current = { item, active, preloadGate, onShown, onPlaying, onPaused };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let retries = 0;
    const start = latest.current.item.clipStartSeconds;
    const src = sourceOf(latest.current.item);
    const native = () => {
      video.preload = 'auto';
      video.src = start > 0 ? `${src}#t=${start}` : src;
      setReady(true);
    };
    const preloading = !latest.current.active;
    if (prefersNativeHls(video)) native();
    else
      void loadHls().then(async (module) => {
        // A slide that only preloads sets hls.js up (worker, MediaSource) once the feed's first
        // frame is shown, after the next paint: never in the render of the swipe that made it
        // the next one, which would hold the landed video's first frame back.
        if (preloading) {
          await latest.current.preloadGate();
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        }
        if (cancelled) return;
        if (!module.Hls.isSupported()) {
          native();
          return;
        }
        const hls = module.createHls(video, src, {
          startPosition: start,
          preload: !latest.current.active,
          owner: {
            quality: () => useVideoSettings.getState().quality,
            onRendition: () => undefined,
            onFatal: (kind) => {
              if (cancelled || retries >= VIDEO_RETRIES) return;
              retries += 1;
              setTimeout(() => {
                if (cancelled) return;
                if (kind === 'media') hls.recoverMediaError();
                else hls.startLoad(video.currentTime);
              }, VIDEO_RETRY_DELAY_MS);
            },
          },
        });
        hlsRef.current = hls;
        setReady(true);
      });
    return () => {
      cancelled = true;
      video.pause();
      const leaving = hlsRef.current;
      hlsRef.current = undefined;
      // taking hls.js and the media apart is a task of its own, not the swipe's render
      setTimeout(() => {
        leaving?.destroy();
        video.removeAttribute('src');
        video.load();
      }, 0);
    };
  }, []);

  /** Plays with the viewer's sound setting; where autoplay with sound is refused, muted. */
  const play = useCallback(async () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = useVideoSettings.getState().muted;
    try {
      await video.play();
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      video.muted = true;
      setMutedByPolicy(true);
      await video.play().catch(() => undefined);
    }
  }, []);

  // In view: buffer like the player and play; out of view: pause and keep only a little.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !ready) return;
    const hls = hlsRef.current;
    if (hls)
      Object.assign(
        hls.config,
        bufferAhead(active ? PLAYING_BUFFER_SECONDS : PRELOAD_BUFFER_SECONDS),
      );
    if (active) {
      void Promise.resolve().then(play);
      // a swipe started it in the gesture (or under the finger): it plays already
      if (video.readyState >= HAVE_CURRENT_DATA && !video.paused) {
        latest.current.onShown(item);
        latest.current.onPlaying(item);
      }
    } else {
      video.pause();
    }
  }, [active, ready, play, item]);

  useEffect(() => {
    const video = videoRef.current;
    if (video && !mutedByPolicy) video.muted = muted;
  }, [muted, mutedByPolicy]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void play();
    else video.pause();
  };

  const unmute = () => {
    setMutedByPolicy(false);
    updateSettings({ muted: false });
    const video = videoRef.current;
    if (video) video.muted = false;
  };

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video) return;
    const back = clipLoopTo(item, video.currentTime);
    if (back !== undefined) video.currentTime = back;
  };

  const onEnded = () => {
    const video = videoRef.current;
    latest.current.onPaused(item);
    if (!video || !latest.current.active) return;
    // the opening plays again, as a feed's clip does
    video.currentTime = item.clipStartSeconds;
    void play();
  };

  return (
    <div className={styles.videoBox}>
      <video
        ref={videoRef}
        className={styles.video}
        data-testid="foryou-video"
        data-active={active}
        data-impression={item.impressionId}
        data-drama-id={item.drama.dram_id}
        playsInline
        preload="auto"
        disablePictureInPicture
        controlsList="nodownload"
        poster={hasFrame ? undefined : item.drama.pstr_vrtc_path}
        onLoadedData={() => setHasFrame(true)}
        onPlay={() => setPaused(false)}
        onPause={() => {
          setPaused(true);
          latest.current.onPaused(item);
        }}
        onWaiting={() => latest.current.onPaused(item)}
        onPlaying={() => {
          setHasFrame(true);
          // this render's `active`: the handlers of a commit are in place before its effects run
          if (!active) return;
          latest.current.onShown(item);
          latest.current.onPlaying(item);
        }}
        onTimeUpdate={onTimeUpdate}
        onEnded={onEnded}
      />
      <button
        type="button"
        className={styles.tapArea}
        onClick={togglePlay}
        aria-label={paused ? t('foryou.play') : t('foryou.pause')}
        data-testid="foryou-play-toggle"
      >
        {active && paused && hasFrame && (
          <span className={styles.pausedMark}>
            {/* the state it would go to is the button's name; the mark shows it is paused */}
            <PlayIcon />
          </span>
        )}
      </button>
      {active && mutedByPolicy && (
        <button
          type="button"
          className={styles.unmute}
          onClick={unmute}
          data-testid="foryou-unmute"
        >
          <VolumeOffIcon />
          <span>{t('player.unmute')}</span>
        </button>
      )}
    </div>
  );
}
