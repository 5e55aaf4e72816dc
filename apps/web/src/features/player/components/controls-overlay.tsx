import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTROLS_HIDE_MS, EPISODE_INFO_SHOW_MS } from '@snapdrama/rules';
import { selectHasLayer, useLayerStore } from '../../../shared/layers/layer-store';
import { formatDuration } from '../../../shared/format/number';
import { GridIcon, PlayIcon, SettingsIcon, VolumeOffIcon } from '../../../shared/ui/icons';
import { useVideoSettings } from '../../../shared/video/video-settings';
import { RatingBadge } from '../../../shared/ui/rating-badge';
import { PauseIcon, VolumeOnIcon } from './player-icons';
import styles from './video-player.module.css';

interface ControlsOverlayProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  title: string;
  /** the drama's rating: its badge goes before the title */
  ageRate: string;
  epsd: number;
  total: number;
  paused: boolean;
  muted: boolean;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onOpenOptions: () => void;
  onOpenEpisodes: (() => void) | undefined;
}

/**
 * The video tool overlay (spec §2): a tap on the video toggles it; while playing it hides 4 s
 * after it was shown. Its visibility is the persisted "tool visible" setting, which the shell
 * also reads for the mobile header.
 */
export function ControlsOverlay(props: ControlsOverlayProps) {
  const { videoRef, paused } = props;
  const { t } = useTranslation();
  const visible = useVideoSettings((s) => s.toolVisible);
  const update = useVideoSettings((s) => s.update);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  // A sheet opened from the tools keeps them, so focus can go back to its button on close.
  const layerOpen = useLayerStore(selectHasLayer);
  // Title and "EP 3/60" show as each episode starts, then fade; the tools bring them back.
  const [intro, setIntro] = useState(true);
  // A pointer resting on the tools or the focus inside them keeps them (WCAG 2.2.1): a keyboard
  // user's focused button never vanishes under them, nor a slow hand's target.
  const [engaged, setEngaged] = useState({ pointer: false, focus: false });
  const inUse = engaged.pointer || engaged.focus;

  useEffect(() => {
    const timer = setTimeout(() => setIntro(false), EPISODE_INFO_SHOW_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!visible || paused || layerOpen || inUse) return;
    const timer = setTimeout(() => update({ toolVisible: false }), CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [visible, paused, layerOpen, inUse, update]);

  useEffect(() => {
    if (!visible) return;
    const video = videoRef.current;
    if (!video) return;
    const tick = () =>
      setTime({
        current: video.currentTime,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
      });
    tick();
    video.addEventListener('timeupdate', tick);
    video.addEventListener('durationchange', tick);
    return () => {
      video.removeEventListener('timeupdate', tick);
      video.removeEventListener('durationchange', tick);
    };
  }, [visible, videoRef]);

  const seek = (value: number) => {
    const video = videoRef.current;
    if (video && Number.isFinite(value)) video.currentTime = value;
  };

  return (
    <>
      <button
        type="button"
        className={styles.tapArea}
        onClick={() => update({ toolVisible: !visible })}
        aria-label={t('player.video_option')}
        data-testid="player-tap"
        // Space on it plays and pauses, as on the video (use-player-keyboard.ts)
        data-player-surface=""
      />
      <p
        className={styles.episodeInfo}
        data-shown={visible || intro}
        data-testid="player-episode-info"
      >
        <strong className={styles.episodeTitle}>
          <RatingBadge ageRate={props.ageRate} />
          <span>{props.title}</span>
        </strong>
        <span>{t('player.episode_of', { current: props.epsd, total: props.total })}</span>
      </p>
      {visible && (
        <div
          className={styles.controls}
          data-testid="player-controls"
          onPointerEnter={(e) => {
            if (e.pointerType === 'mouse') setEngaged((s) => ({ ...s, pointer: true }));
          }}
          onPointerLeave={() => setEngaged((s) => ({ ...s, pointer: false }))}
          onFocus={() => setEngaged((s) => ({ ...s, focus: true }))}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget))
              setEngaged((s) => ({ ...s, focus: false }));
          }}
        >
          <button
            type="button"
            className={styles.centerButton}
            onClick={props.onTogglePlay}
            aria-label={paused ? t('player.play') : t('player.pause')}
            data-testid="player-play-toggle"
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <div className={styles.bottomBar}>
            <input
              className={styles.progress}
              type="range"
              min={0}
              max={time.duration || 0}
              step={0.1}
              value={Math.min(time.current, time.duration || 0)}
              onChange={(e) => seek(Number(e.currentTarget.value))}
              aria-label={t('player.episode_now', { n: props.epsd })}
              data-testid="player-progress"
            />
            <div className={styles.toolRow}>
              <span className={styles.time}>
                {formatDuration(time.current)} / {formatDuration(time.duration)}
              </span>
              <div className={styles.toolButtons}>
                <button
                  type="button"
                  className={styles.toolButton}
                  onClick={props.onToggleMute}
                  aria-label={props.muted ? t('player.unmute') : t('player.mute')}
                  data-testid="player-mute"
                >
                  {props.muted ? <VolumeOffIcon /> : <VolumeOnIcon />}
                </button>
                <button
                  type="button"
                  className={styles.toolButton}
                  onClick={props.onOpenOptions}
                  aria-label={t('player.video_option')}
                  data-testid="player-options"
                >
                  <SettingsIcon />
                </button>
                {props.onOpenEpisodes && (
                  <button
                    type="button"
                    className={styles.toolButton}
                    onClick={props.onOpenEpisodes}
                    aria-label={t('player.episode_list')}
                    data-testid="player-episodes"
                  >
                    <GridIcon />
                  </button>
                )}
              </div>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
