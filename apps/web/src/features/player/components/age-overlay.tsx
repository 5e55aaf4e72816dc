import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@snapdrama/contract';
import { AGE_OVERLAY_DELAY_MS, AGE_OVERLAY_TOTAL_MS } from '@snapdrama/rules';
import styles from './video-player.module.css';

const WARNING_KEYS: Record<string, MessageKey> = {
  language: 'player.warning_language',
  violence: 'player.warning_violence',
  fear: 'player.warning_fear',
  sexual: 'player.warning_sexual',
  drug: 'player.warning_drug',
  imitation: 'player.warning_imitation',
  theme: 'player.warning_theme',
};

/**
 * Age rating and content warnings (age_rate, rate_clsf_crtr): they appear 0.1 s after the video
 * starts and are gone 4 s after it started (spec §2). Mounted when playback starts.
 */
export function AgeOverlay({
  ageRate,
  warnings,
}: {
  ageRate: string;
  warnings: readonly string[];
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const show = setTimeout(() => setVisible(true), AGE_OVERLAY_DELAY_MS);
    const hide = setTimeout(() => setDone(true), AGE_OVERLAY_TOTAL_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, []);
  if (!visible || done || !ageRate) return null;
  const age = /^\d+$/.test(ageRate)
    ? t('player.age_rating', { age: ageRate })
    : t('player.age_all');
  return (
    <div className={styles.ageOverlay} data-testid="player-age-overlay" aria-live="polite">
      <span className={styles.ageBadge}>{/^\d+$/.test(ageRate) ? ageRate : 'ALL'}</span>
      <div>
        <strong>{age}</strong>
        {warnings.length > 0 && (
          <p>{warnings.map((w) => (WARNING_KEYS[w] ? t(WARNING_KEYS[w]) : w)).join(' · ')}</p>
        )}
      </div>
    </div>
  );
}
