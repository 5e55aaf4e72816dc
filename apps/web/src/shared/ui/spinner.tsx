import { useTranslation } from 'react-i18next';
import { hasFirstScreen } from './first-screen';
import styles from './spinner.module.css';

export function Spinner({ size = 'normal' }: { size?: 'normal' | 'small' }) {
  const { t, ready } = useTranslation();
  return (
    <span
      className={size === 'small' ? `${styles.spinner} ${styles.small}` : styles.spinner}
      role="progressbar"
      aria-busy="true"
      // named in the reader's language; before any dictionary has loaded, by the page's own
      aria-label={ready ? t('common.loading') : undefined}
    />
  );
}

/**
 * Covers the whole app while the dictionary or user info loads (spec §2); see-through over a
 * player link's first screen (the poster its HTML painted).
 */
export function FullScreenSpinner() {
  const className = hasFirstScreen()
    ? `${styles.fullScreen} ${styles.seeThrough}`
    : styles.fullScreen;
  return (
    <div className={className} data-testid="app-spinner">
      <Spinner />
    </div>
  );
}

export function BlockSpinner() {
  return (
    <div className={styles.block}>
      <Spinner />
    </div>
  );
}
