import type Hls from 'hls.js';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_RETRIES,
  VIDEO_RETRY_DELAY_MS,
  isSignedUrlExpired,
  playbackRate,
  shouldReportWatchMission,
} from '@snapdrama/rules';
import { watchProgressEvents } from '../../../shared/events/watch-progress';
import { usePlaybackPosition } from '../hooks/use-playback-position';
import { useQualityBeacon } from '../hooks/use-quality-beacon';
import { useVideoSettings } from '../../../shared/video/video-settings';
import { VolumeOffIcon } from '../../../shared/ui/icons';
import type { VideoUrl } from '../api/playback';
import { noteSlideEngine } from '../api/player-start';
import { dropBootVideo, peekBootVideo, takeBootVideo } from '../../../shared/boot/handoff';
import { useSubtitles } from '../hooks/use-subtitles';
import type { HlsOwner } from '../../../shared/video/hls-engine';
import { loadHls, loadedHls, prefersNativeHls } from '../../../shared/video/load-hls';
import { hlsEngine, nativeEngine, urlFor, type Engine, type HlsModule } from '../video-engines';
import { afterPageFirstFrame, markPageFirstFrame } from '../first-frame';
import { useActivePlayer, useSwipedSlide } from '../player-store';
import { AgeOverlay } from './age-overlay';
import { ControlsOverlay } from './controls-overlay';
import styles from './video-player.module.css';
import { nextTask } from '../../../shared/tasks/next-task';

export interface VideoPlayerProps {
  dramaId: number;
  epsd: number;
  /** signed URLs this player starts with (from the episode start, or preloaded) */
  urls: readonly VideoUrl[];
  /** the slide on screen; false while it only preloads */
  active: boolean;
  title: string;
  /** the drama's episode count, for "EP 3/60" */
  total: number;
  poster?: string;
  ageRate: string;
  warnings: readonly string[];
  logId: string | undefined;
  isGuest: boolean;
  /** fresh signed URLs (a new episode start) */
  renew: () => Promise<readonly VideoUrl[] | undefined>;
  onEnded: () => void;
  onOpenOptions: () => void;
  onOpenEpisodes: (() => void) | undefined;
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: the element has a frame to show. */
const HAVE_CURRENT_DATA = 2;

/** Sets an attribute, or removes it for undefined, touching the element only on a change. */
function setAttribute(element: Element, name: string, value: string | undefined): void {
  if (element.getAttribute(name) === (value ?? null)) return;
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** The longest a preloading slide waits for the page's first frame before it loads anyway. */
const PRELOAD_WAIT_CAP_MS = 1_500;

/**
 * One episode's video. hls.js plays the master playlist and switches renditions itself (Auto
 * capped at HD on mobile, FHD otherwise) or holds a fixed one; iPhone Safari plays the chosen
 * playlist natively. While `active` is false it only preloads (playlist and first segments).
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { dramaId, epsd, isGuest, logId } = props;
  // A swipe makes its slide the active one before the address (and `props.active`) follows.
  const swipedTo = useSwipedSlide((s) => s.epsd);
  const active = swipedTo === undefined ? props.active : swipedTo === epsd;
  const { t } = useTranslation();
  // The element is made here, not rendered by React, so that it can be one made before the player
  // mounted: a cold deep link's, whose engine has been loading meanwhile (hls-engine.ts). The
  // effect below takes that engine over.
  // Or the boot script's, playing already (boot-video.ts).
  const [boot] = useState(() =>
    peekBootVideo(window, `${dramaId}/${epsd}`, urlFor(props.urls, 'Auto')),
  );
  const [element] = useState(
    () =>
      boot?.video ??
      loadedHls()?.peekEarlyVideo(`${dramaId}/${epsd}`, urlFor(props.urls, 'Auto')) ??
      document.createElement('video'),
  );
  const videoRef = useRef(element);
  const rootRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<Engine | null>(null);
  const [engineReady, setEngineReady] = useState(false);
  const [mutedByPolicy, setMutedByPolicy] = useState(() => boot?.mutedByPolicy === true);
  const [paused, setPaused] = useState(() => element.paused);
  const [started, setStarted] = useState(() => !element.paused);
  // The poster stands in only until the first frame is decoded: a paused video with a poster
  // keeps showing the poster, so a preloaded slide would slide in as a still image and paint its
  // first frame only once played.
  const [hasFrame, setHasFrame] = useState(() => element.readyState >= HAVE_CURRENT_DATA);
  const [rendition, setRendition] = useState(0);
  const settings = useVideoSettings();
  const updateSettings = useVideoSettings((s) => s.update);

  // Latest values for event handlers without re-running effects.
  const latest = useRef(props);
  const qualityRef = useRef(settings.quality);
  useEffect(() => {
    latest.current = props;
    qualityRef.current = settings.quality;
  });
  const missionReported = useRef(false);
  const renewing = useRef(false);

  // The engine: created once per episode slide, kept while it turns from preload to active.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let mediaRetries = 0;
    const startUrls = latest.current.urls;
    const preloadAtStart = !latest.current.active;

    /** A failure the engine could not get past: renewed URLs, or `retry` a few times. */
    const onFailure = (retry: () => void) => {
      if (cancelled) return;
      // An expired signature fails every request: renew instead of retrying (spec §4). Only the
      // slide on screen renews; a preloading one waits until it is shown.
      if (isSignedUrlExpired(engine?.src ?? '', Date.now())) {
        if (latest.current.active) void renewAndReload();
        return;
      }
      if (mediaRetries >= VIDEO_RETRIES) return;
      mediaRetries += 1;
      setTimeout(() => {
        if (!cancelled) retry();
      }, VIDEO_RETRY_DELAY_MS);
    };

    const owner: HlsOwner = {
      quality: () => qualityRef.current,
      onRendition: setRendition,
      onFatal: (kind) => onFailure(() => engine?.recover(kind)),
    };

    const expired = (src: string) => isSignedUrlExpired(src, Date.now());
    const nativePlayback = () => nativeEngine(video, startUrls, () => qualityRef.current);
    const hlsPlayback = (module: HlsModule, adopted: Hls | undefined) =>
      hlsEngine(video, module, { startUrls, preload: preloadAtStart, owner, adopted, expired });

    const renewAndReload = async () => {
      if (renewing.current) return;
      renewing.current = true;
      try {
        const fresh = await latest.current.renew();
        if (!cancelled && fresh) engine?.reload(fresh);
      } catch {
        // the session's own retries and popup tell the viewer
      } finally {
        renewing.current = false;
      }
    };

    const onNativeError = () => onFailure(() => engine?.retry());

    const onLoadedData = () => {
      if (latest.current.active) markPageFirstFrame();
    };
    video.addEventListener('loadeddata', onLoadedData);

    // An element that was playing or loading before this slide mounted: what happened meanwhile.
    const caughtUp = () => {
      if (video.readyState < HAVE_CURRENT_DATA) return;
      onLoadedData();
      setHasFrame(true);
    };

    let engine: Engine | undefined;
    const loaded = loadedHls();
    const early = loaded?.adoptEarlyEngine(video, owner);
    const booted = takeBootVideo(window, video);
    // a boot video this slide does not take (it had not opened yet): the slide plays instead
    if (!booted) dropBootVideo(window, `${latest.current.dramaId}/${latest.current.epsd}`);
    if (booted) {
      // the boot script's video, playing its first seconds: hls.js takes its MediaSource over
      const { mediaSource, buffer, codecs } = booted;
      const takeOver = (module: HlsModule) => {
        if (cancelled) return;
        const src = urlFor(startUrls, 'Auto');
        const transfer = { mediaSource, buffer, codecs };
        engine = hlsPlayback(
          module,
          module.createHls(video, src, { startPosition: -1, preload: false, owner, transfer }),
        );
        engineRef.current = engine;
        setEngineReady(true);
      };
      caughtUp();
      if (loaded) takeOver(loaded);
      else void loadHls().then(takeOver);
    } else if (loaded && early) {
      // a cold deep link's engine, loading since before this slide mounted (hls-engine.ts)
      engine = hlsPlayback(loaded, early.hls);
      if (early.rendition) setRendition(early.rendition);
      caughtUp();
      engineRef.current = engine;
      setEngineReady(true);
    } else if (prefersNativeHls(video)) {
      noteSlideEngine(latest.current.dramaId, latest.current.epsd);
      engine = nativePlayback();
      video.addEventListener('error', onNativeError);
      engineRef.current = engine;
      setEngineReady(true);
    } else {
      noteSlideEngine(latest.current.dramaId, latest.current.epsd);
      void loadHls().then(async (module) => {
        // A preloading slide waits for the page's first frame, then sets hls.js up (worker,
        // MediaSource) in a task of its own, not in the page's render for a swipe's new address:
        // two shorter tasks instead of one long.
        if (preloadAtStart) {
          await afterPageFirstFrame(PRELOAD_WAIT_CAP_MS);
          await nextTask();
        }
        if (cancelled) return;
        if (!module.Hls.isSupported()) {
          engine = nativePlayback();
          video.addEventListener('error', onNativeError);
        } else {
          engine = hlsPlayback(module, undefined);
        }
        engineRef.current = engine;
        setEngineReady(true);
      });
    }

    return () => {
      cancelled = true;
      video.removeEventListener('error', onNativeError);
      video.removeEventListener('loadeddata', onLoadedData);
      engineRef.current = null;
      video.pause();
      // Taking the engine and the media apart costs tens of ms; it is its own task, not part of
      // the render that unmounts the slide (a swipe's address change, decision 0500).
      const leaving = engine;
      setTimeout(() => {
        leaving?.destroy();
        video.removeAttribute('src');
        video.load();
      }, 0);
    };
    // The engine lives as long as the slide; later URL changes go through reload().
  }, []);

  /** Plays, renewing an expired URL first (spec §4) and falling back to muted (autoplay policy). */
  const play = useCallback(async () => {
    const video = videoRef.current;
    const engine = engineRef.current;
    if (!video || !engine) return;
    if (isSignedUrlExpired(engine.src, Date.now()) && !renewing.current) {
      renewing.current = true;
      try {
        const fresh = await latest.current.renew();
        if (fresh) engine.reload(fresh);
      } catch {
        return;
      } finally {
        renewing.current = false;
      }
    }
    video.muted = useVideoSettings.getState().muted;
    try {
      await video.play();
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      // Autoplay with sound refused: play muted and offer to unmute.
      video.muted = true;
      setMutedByPolicy(true);
      await video.play().catch(() => undefined);
    }
  }, []);

  // Active: play (when autoplay is on) and buffer fully; inactive: pause and only preload.
  useEffect(() => {
    const video = videoRef.current;
    const engine = engineRef.current;
    if (!video || !engine) return;
    engine.setPreload(!active);
    if (active) {
      if (useVideoSettings.getState().autoplay) void Promise.resolve().then(play);
    } else {
      video.pause();
    }
  }, [active, engineReady, play]);

  // Settings follow the store.
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.playbackRate = playbackRate(settings.speed);
  }, [settings.speed, engineReady]);
  useEffect(() => {
    const video = videoRef.current;
    if (video && !mutedByPolicy) video.muted = settings.muted;
  }, [settings.muted, mutedByPolicy]);
  const appliedQuality = useRef(settings.quality);
  useEffect(() => {
    if (!engineReady || appliedQuality.current === settings.quality) return;
    appliedQuality.current = settings.quality;
    engineRef.current?.setQuality(settings.quality);
  }, [settings.quality, engineReady]);

  const subtitle = useSubtitles(dramaId, epsd, active ? settings.subtitle : 'none', videoRef);
  usePlaybackPosition(videoRef, dramaId, epsd, active && engineReady);
  useQualityBeacon(videoRef, active && engineReady, dramaId, epsd);

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || !active) return;
    if (
      shouldReportWatchMission({
        currentTime: video.currentTime,
        duration: video.duration,
        alreadyReported: missionReported.current,
        isGuest,
      })
    ) {
      missionReported.current = true;
      watchProgressEvents.emitWatchMission({ dramaId, epsd, logId });
    }
  };

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void play();
    else video.pause();
  };

  const toggleMute = () => {
    const video = videoRef.current;
    const muted = mutedByPolicy ? false : !settings.muted;
    setMutedByPolicy(false);
    updateSettings({ muted });
    if (video) {
      video.muted = muted;
      if (video.paused && active) void play();
    }
  };

  const seekBy = (seconds: number) => {
    const video = videoRef.current;
    if (!Number.isFinite(video.duration)) return;
    video.currentTime = Math.min(Math.max(0, video.currentTime + seconds), video.duration);
  };

  // The keyboard reaches the slide on screen through these (use-player-keyboard.ts).
  const controls = useRef({ togglePlay, toggleMute, seekBy });
  useEffect(() => {
    controls.current = { togglePlay, toggleMute, seekBy };
  });
  const register = useActivePlayer((s) => s.register);
  useEffect(() => {
    if (!active) return;
    return register({
      togglePlay: () => controls.current.togglePlay(),
      toggleMute: () => controls.current.toggleMute(),
      seekBy: (seconds) => controls.current.seekBy(seconds),
    });
  }, [active, register]);

  // On the page from the first commit, as a rendered element would be.
  useLayoutEffect(() => {
    const video = videoRef.current;
    video.className = styles.video ?? '';
    video.setAttribute('data-testid', 'player-video');
    video.setAttribute('playsinline', '');
    video.setAttribute('preload', 'auto');
    video.setAttribute('disablepictureinpicture', '');
    video.setAttribute('controlslist', 'nodownload');
    // the boot script's video was laid over the first screen
    video.removeAttribute('style');
    // first, under the overlays React renders beside it
    rootRef.current?.prepend(video);
    return () => video.remove();
  }, []);

  // What a render changes on the element: its attributes, and the listeners of this render.
  useLayoutEffect(() => {
    const video = videoRef.current;
    setAttribute(video, 'data-episode', String(epsd));
    setAttribute(video, 'data-active', String(active));
    setAttribute(video, 'data-rendition', rendition ? String(rendition) : undefined);
    setAttribute(video, 'poster', hasFrame ? undefined : props.poster);
    const listeners: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      play: () => setPaused(false),
      pause: () => setPaused(true),
      playing: () => setStarted(true),
      ratechange: () => {
        // the media element resets its rate on a new source
        const want = playbackRate(useVideoSettings.getState().speed);
        if (video.playbackRate !== want) video.playbackRate = want;
      },
      loadedmetadata: () => {
        video.playbackRate = playbackRate(useVideoSettings.getState().speed);
      },
      loadeddata: () => setHasFrame(true),
      timeupdate: onTimeUpdate,
      ended: () => latest.current.onEnded(),
    };
    const entries = Object.entries(listeners);
    for (const [name, listener] of entries) video.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of entries) video.removeEventListener(name, listener);
    };
  });

  return (
    <div ref={rootRef} className={styles.root}>
      {subtitle && (
        <p
          className={styles.subtitle}
          data-size={settings.captionSize}
          data-background={settings.captionBackground}
          data-testid="player-subtitle"
        >
          {subtitle}
        </p>
      )}
      {active && started && <AgeOverlay ageRate={props.ageRate} warnings={props.warnings} />}
      {active && (
        <ControlsOverlay
          videoRef={videoRef}
          title={props.title}
          ageRate={props.ageRate}
          epsd={epsd}
          total={props.total}
          paused={paused}
          muted={mutedByPolicy || settings.muted}
          onTogglePlay={togglePlay}
          onToggleMute={toggleMute}
          onOpenOptions={props.onOpenOptions}
          onOpenEpisodes={props.onOpenEpisodes}
        />
      )}
      {active && mutedByPolicy && (
        <button className={styles.unmute} onClick={toggleMute} data-testid="player-unmute">
          <VolumeOffIcon />
          <span>{t('player.unmute')}</span>
        </button>
      )}
    </div>
  );
}
