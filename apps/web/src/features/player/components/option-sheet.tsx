import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@snapdrama/contract';
import {
  CAPTION_BACKGROUNDS,
  CAPTION_SIZES,
  OPTION_SHEET_HEIGHTS,
  PLAYBACK_SPEEDS,
  SUBTITLE_LANGUAGES,
  VIDEO_QUALITIES,
  type CaptionBackground,
  type CaptionSize,
  type OptionSheetView,
  type SpeedKey,
  type SubtitleLanguage,
  type VideoQuality,
} from '@snapdrama/rules';
import { useLayerStore } from '../../../shared/layers/layer-store';
import { ChevronLeftIcon } from '../../../shared/ui/icons';
import { useVideoSettings } from '../../../shared/video/video-settings';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';
import { CheckIcon, ChevronRightIcon } from './player-icons';
import styles from './sheets.module.css';

const SPEED_KEYS: Record<SpeedKey, MessageKey> = {
  slow: 'player.speed_slow',
  medium: 'player.speed_medium',
  normal: 'player.speed_normal',
  fast: 'player.speed_fast',
  faster: 'player.speed_faster',
  fastest: 'player.speed_fastest',
};
const SUBTITLE_KEYS: Record<SubtitleLanguage, MessageKey> = {
  none: 'player.subtitle_none',
  ko: 'player.subtitle_ko',
  en: 'player.subtitle_en',
};

const CAPTION_SIZE_KEYS: Record<CaptionSize, MessageKey> = {
  small: 'player.caption_size_small',
  medium: 'player.caption_size_medium',
  large: 'player.caption_size_large',
  xlarge: 'player.caption_size_xlarge',
};
const CAPTION_BACKGROUND_KEYS: Record<CaptionBackground, MessageKey> = {
  none: 'player.caption_background_none',
  translucent: 'player.caption_background_translucent',
  solid: 'player.caption_background_solid',
};

function Choice({
  label,
  selected,
  onClick,
  testId,
}: {
  label: string;
  selected: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <li>
      <button
        type="button"
        className={styles.row}
        aria-pressed={selected}
        onClick={onClick}
        data-testid={testId}
      >
        <span>{label}</span>
        {selected && <CheckIcon />}
      </button>
    </li>
  );
}

function OptionSheet({ view }: { view: OptionSheetView }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useFocusTrap(root, view);
  const settings = useVideoSettings();
  const update = settings.update;
  const back = () => openOptionSheet('main');
  const qualityLabel = (q: VideoQuality) => (q === 'Auto' ? t('player.quality_auto') : q);
  const speedLabel = (k: SpeedKey) =>
    `${t(SPEED_KEYS[k])} (${PLAYBACK_SPEEDS.find((p) => p.key === k)?.rate ?? 1}x)`;

  if (view === 'main') {
    const rows: { view: Exclude<OptionSheetView, 'main'>; label: string; value: string }[] = [
      { view: 'quality', label: t('player.quality'), value: qualityLabel(settings.quality) },
      { view: 'speed', label: t('player.speed'), value: t(SPEED_KEYS[settings.speed]) },
      { view: 'subtitle', label: t('player.subtitle'), value: t(SUBTITLE_KEYS[settings.subtitle]) },
      {
        view: 'caption',
        label: t('player.caption_style'),
        value: `${t(CAPTION_SIZE_KEYS[settings.captionSize])} · ${t(CAPTION_BACKGROUND_KEYS[settings.captionBackground])}`,
      },
    ];
    return (
      <div ref={root} className={styles.sheet} data-testid="option-sheet" data-view="main">
        <h2 className={styles.title}>{t('player.video_option')}</h2>
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={row.view}>
              <button
                type="button"
                className={styles.row}
                onClick={() => openOptionSheet(row.view)}
                data-testid={`option-${row.view}`}
              >
                <span>{row.label}</span>
                <span className={styles.value}>
                  {row.value}
                  <ChevronRightIcon />
                </span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.row}
              role="switch"
              aria-checked={settings.autoplay}
              onClick={() => update({ autoplay: !settings.autoplay })}
              data-testid="option-autoplay"
            >
              <span>{t('player.autoplay')}</span>
              <span className={styles.switch} data-on={settings.autoplay} />
            </button>
          </li>
        </ul>
      </div>
    );
  }

  const header = (title: string) => (
    <div className={styles.subHead}>
      <button type="button" className={styles.back} onClick={back} aria-label={t('player.back')}>
        <ChevronLeftIcon />
      </button>
      <h2 className={styles.title}>{title}</h2>
    </div>
  );

  return (
    <div ref={root} className={styles.sheet} data-testid="option-sheet" data-view={view}>
      {view === 'quality' && (
        <>
          {header(t('player.quality'))}
          <ul className={styles.list}>
            {VIDEO_QUALITIES.map((q) => (
              <Choice
                key={q}
                label={qualityLabel(q)}
                selected={settings.quality === q}
                onClick={() => update({ quality: q })}
                testId={`quality-${q}`}
              />
            ))}
          </ul>
        </>
      )}
      {view === 'speed' && (
        <>
          {header(t('player.speed'))}
          <ul className={styles.list}>
            {PLAYBACK_SPEEDS.map((s) => (
              <Choice
                key={s.key}
                label={speedLabel(s.key)}
                selected={settings.speed === s.key}
                onClick={() => update({ speed: s.key })}
                testId={`speed-${s.key}`}
              />
            ))}
          </ul>
        </>
      )}
      {view === 'subtitle' && (
        <>
          {header(t('player.subtitle'))}
          <ul className={styles.list}>
            {SUBTITLE_LANGUAGES.map((l) => (
              <Choice
                key={l}
                label={t(SUBTITLE_KEYS[l])}
                selected={settings.subtitle === l}
                onClick={() => update({ subtitle: l })}
                testId={`subtitle-${l}`}
              />
            ))}
          </ul>
        </>
      )}
      {view === 'caption' && (
        <>
          {header(t('player.caption_style'))}
          <h3 className={styles.groupTitle} id="caption-size-title">
            {t('player.caption_size')}
          </h3>
          <ul className={styles.list} aria-labelledby="caption-size-title">
            {CAPTION_SIZES.map((size) => (
              <Choice
                key={size}
                label={t(CAPTION_SIZE_KEYS[size])}
                selected={settings.captionSize === size}
                onClick={() => update({ captionSize: size })}
                testId={`caption-size-${size}`}
              />
            ))}
          </ul>
          <h3 className={styles.groupTitle} id="caption-background-title">
            {t('player.caption_background')}
          </h3>
          <ul className={styles.list} aria-labelledby="caption-background-title">
            {CAPTION_BACKGROUNDS.map((background) => (
              <Choice
                key={background}
                label={t(CAPTION_BACKGROUND_KEYS[background])}
                selected={settings.captionBackground === background}
                onClick={() => update({ captionBackground: background })}
                testId={`caption-background-${background}`}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The video option sheet; each sub-view has its own height (spec §9, OPTION_SHEET_HEIGHTS). */
export function openOptionSheet(view: OptionSheetView = 'main') {
  useLayerStore.getState().openSheet({
    kind: 'video-option',
    content: <OptionSheet view={view} />,
    height: OPTION_SHEET_HEIGHTS[view],
  });
}
