import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContinueItem } from '@snapdrama/contract';
import { progressShare } from '@snapdrama/rules';
import { useContentText } from '../../../shared/i18n/content-text';
import { posterUrl } from './drama-card';
import styles from './drama-card.module.css';
import { RatingBadge } from '../../../shared/ui/rating-badge';

/** A drama to continue: poster with a progress bar, title, the episode it resumes. */
export function ContinueCard({ item }: { item: ContinueItem }) {
  const { t } = useTranslation();
  const text = useContentText();
  const title = text(item.titl_lang_key);
  const share = progressShare(item.position, item.duration);
  return (
    <Link
      to={`/${item.dram_id}/${item.epsd}`}
      className={styles.card}
      data-testid="continue-card"
      data-drama-id={item.dram_id}
      data-episode={item.epsd}
    >
      <div className={styles.poster}>
        <img
          src={posterUrl(item.pstr_vrtc_path)}
          alt={title}
          width={600}
          height={900}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
        <RatingBadge ageRate={item.age_rate} onPoster />
        <span
          className={styles.progress}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          data-testid="continue-progress"
        >
          <span style={{ width: `${share * 100}%` }} />
        </span>
      </div>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.meta}>
        {t('main.continue_episode', { n: item.epsd })} / {item.epsd_cnt}
      </p>
    </Link>
  );
}
