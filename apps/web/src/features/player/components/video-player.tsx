import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon, VolumeOffIcon } from '../../../shared/ui/icons';
import { loadHls, prefersNativeHls } from '../load-hls';
import styles from './video-player.module.css';

/** A failing video is retried this many times, 500 ms apart (spec §8, §9). */
const MEDIA_RETRIES = 3;
const MEDIA_RETRY_DELAY_MS = 500;

interface VideoPlayerProps {
  src: string;
  episode: number;
  poster?: string;
  onEnded: () => void;
}

/**
 * Plays one HLS episode. Starts with sound when the browser allows it; otherwise muted, with an
 * unmute button. Tapping the video toggles play/pause.
 */
export function VideoPlayer({ src, episode, poster, onEnded }: VideoPlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const [paused, setPaused] = useState(false);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroyHls: (() => void) | undefined;
    let mediaRetries = 0;

    const start = async () => {
      video.muted = false;
      try {
        await video.play();
      } catch (error) {
        if (cancelled || !(error instanceof DOMException) || error.name !== 'NotAllowedError')
          return;
        // Autoplay with sound refused: play muted and offer to unmute.
        video.muted = true;
        setMutedByPolicy(true);
        await video.play().catch(() => undefined);
      }
    };

    const onNativeError = () => {
      if (cancelled || mediaRetries >= MEDIA_RETRIES) return;
      mediaRetries += 1;
      const at = video.currentTime;
      setTimeout(() => {
        if (cancelled) return;
        video.load();
        video.currentTime = at;
        void start();
      }, MEDIA_RETRY_DELAY_MS);
    };

    if (prefersNativeHls(video)) {
      video.src = src;
      video.addEventListener('error', onNativeError);
      void start();
    } else {
      void loadHls().then((Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          video.src = src;
          video.addEventListener('error', onNativeError);
          void start();
          return;
        }
        const hls = new Hls({ startLevel: -1, capLevelToPlayerSize: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal || mediaRetries >= MEDIA_RETRIES) return;
          mediaRetries += 1;
          setTimeout(() => {
            if (cancelled) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
            else hls.startLoad();
          }, MEDIA_RETRY_DELAY_MS);
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroyHls = () => hls.destroy();
        void start();
      });
    }

    return () => {
      cancelled = true;
      video.removeEventListener('error', onNativeError);
      destroyHls?.();
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [src]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };

  const unmute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    setMutedByPolicy(false);
    if (video.paused) void video.play().catch(() => undefined);
  };

  return (
    <div className={styles.root}>
      <video
        ref={videoRef}
        className={styles.video}
        data-testid="player-video"
        data-episode={episode}
        poster={poster}
        playsInline
        preload="auto"
        disablePictureInPicture
        controlsList="nodownload"
        onClick={togglePlay}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
        onEnded={() => onEndedRef.current()}
      />
      {paused && (
        <button
          className={styles.playButton}
          onClick={togglePlay}
          aria-label={t('player.play')}
          data-testid="player-play"
        >
          <PlayIcon />
        </button>
      )}
      {mutedByPolicy && (
        <button className={styles.unmute} onClick={unmute} data-testid="player-unmute">
          <VolumeOffIcon />
          <span>{t('player.unmute')}</span>
        </button>
      )}
    </div>
  );
}
