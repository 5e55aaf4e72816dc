import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES_BASE } from '@snapdrama/contract';
import { useLayerStore } from '../layers/layer-store';
import { CloseIcon } from '../ui/icons';
import { standinNoFill } from './ad-store';
import type { SlotOutcome } from './slot-chain';
import styles from './standin-ad.module.css';

/** The stand-in's video, made by the demo seed (a short H.264/AAC MP4). */
export const STANDIN_AD_VIDEO = `${RESOURCES_BASE}/ads/standin-ad.mp4`;

/** The "no fill" switch, shown on the stand-in ad and wherever a page offers it. */
export function StandinNoFillSwitch() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => standinNoFill.get());
  return (
    <label className={styles.switch} data-testid="standin-no-fill">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          standinNoFill.set(event.target.checked);
          setOn(event.target.checked);
        }}
      />
      <span>{t('ads.standin_no_fill')}</span>
    </label>
  );
}

interface StandinAdProps {
  /** seconds until the reward (the server's minimum view) */
  seconds: number;
  onGranted: () => void;
  onClose: () => void;
}

/**
 * The local stand-in rewarded ad: a real video with a countdown to the reward and a close button
 * that works at any time (closing before the reward is a cancel, as with a real ad).
 */
function StandinAd({ seconds, onGranted, onClose }: StandinAdProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  const grantedRef = useRef(false);

  useEffect(() => {
    const startedAt = Date.now();
    const tick = () => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !grantedRef.current) {
        grantedRef.current = true;
        onGranted();
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [seconds, onGranted]);

  const granted = left === 0;
  return (
    <div className={styles.root} data-testid="standin-ad" data-granted={granted}>
      <video
        className={styles.video}
        src={STANDIN_AD_VIDEO}
        autoPlay
        muted
        loop
        playsInline
        data-testid="standin-ad-video"
      />
      <div className={styles.top}>
        <span className={styles.badge}>{t('ads.standin_label')}</span>
        <span className={styles.countdown} data-testid="standin-ad-countdown" aria-live="polite">
          {granted ? t('ads.reward_granted') : t('ads.reward_in', { n: left })}
        </span>
        <button
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('common.close')}
          data-testid="standin-ad-close"
        >
          <CloseIcon />
        </button>
      </div>
      <div className={styles.bottom}>
        <StandinNoFillSwitch />
      </div>
    </div>
  );
}

/**
 * One stand-in rewarded slot: empty when the "no fill" switch is on, else the stand-in ad in the
 * rewarded-ad layer until it is closed (by its button, Escape or the back action).
 */
export function showStandinSlot(seconds: number): Promise<SlotOutcome> {
  if (standinNoFill.get()) return Promise.resolve('empty');
  const layers = useLayerStore.getState();
  return new Promise<SlotOutcome>((resolve) => {
    let granted = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      useLayerStore.getState().closeOverlay();
      resolve(granted ? 'granted' : 'canceled');
    };
    layers.openOverlay({
      kind: 'rewarded-ad',
      content: (
        <StandinAd
          seconds={seconds}
          onGranted={() => {
            granted = true;
          }}
          onClose={finish}
        />
      ),
      onDismiss: finish,
    });
  });
}
