import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSET_VERSION, type Drama } from '@snapdrama/contract';
import { useContentText } from '../../../shared/i18n/content-text';
import { RatingBadge } from '../../../shared/ui/rating-badge';
import styles from './drama-card.module.css';

/** Posters are 2:3; explicit width/height keep the layout still while they load. */
const POSTER_WIDTH = 600;
const POSTER_HEIGHT = 900;

export function posterUrl(path: string): string {
  return path.includes('?') ? path : `${path}?v=${ASSET_VERSION}`;
}

export function DramaCard({ drama, eager = false }: { drama: Drama; eager?: boolean }) {
  const { t } = useTranslation();
  const text = useContentText();
  const title = text(drama.titl_lang_key);
  return (
    <Link
      to={`/${drama.dram_id}`}
      className={styles.card}
      data-testid="drama-card"
      data-drama-id={drama.dram_id}
    >
      <div className={styles.poster}>
        <img
          src={posterUrl(drama.pstr_vrtc_path)}
          alt={title}
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
        />
        {drama.excl_yn === 'Y' && <span className={styles.badge}>{t('main.exclusive')}</span>}
        <RatingBadge ageRate={drama.age_rate} onPoster />
      </div>
      <h3 className={styles.title} data-testid="drama-title">
        {title}
      </h3>
      <p className={styles.meta}>{t('common.episodes', { count: drama.epsd_cnt })}</p>
    </Link>
  );
}
