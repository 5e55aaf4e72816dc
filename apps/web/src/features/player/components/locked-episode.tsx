import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/number';
import { LockIcon } from '../../../shared/ui/icons';
import styles from './locked-episode.module.css';

interface LockedEpisodeProps {
  epsd: number;
  price: number;
  coins: number;
  poster: string;
}

/**
 * The locked-episode layer (spec §2), informational for now: the unlock by coins or by ad joins
 * with the wallet issue.
 */
export function LockedEpisode({ epsd, price, coins, poster }: LockedEpisodeProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.root} data-testid="player-locked" data-episode={epsd}>
      <img className={styles.backdrop} src={poster} alt="" aria-hidden="true" />
      <div className={styles.content}>
        <LockIcon className={styles.lock} />
        <p className={styles.message}>{t('player.watch_next', { n: epsd })}</p>
        <p className={styles.price}>{t('common.coins', { count: price })}</p>
        <p className={styles.balance}>
          {t('player.my_coins')} <strong>{formatNumber(coins)}</strong>
        </p>
      </div>
    </div>
  );
}
