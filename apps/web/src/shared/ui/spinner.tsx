import { hasFirstScreen } from './first-screen';
import styles from './spinner.module.css';

export function Spinner({ size = 'normal' }: { size?: 'normal' | 'small' }) {
  return (
    <span
      className={size === 'small' ? `${styles.spinner} ${styles.small}` : styles.spinner}
      role="progressbar"
      aria-busy="true"
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
