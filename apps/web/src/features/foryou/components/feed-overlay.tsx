import { useTranslation } from 'react-i18next';
import type { ForYouItem } from '@snapdrama/contract';
import { formatNumber } from '../../../shared/format/number';
import { BookmarkIcon, PlayIcon, ShareIcon } from '../../../shared/ui/icons';
import { RatingBadge } from '../../../shared/ui/rating-badge';
import styles from '../foryou-page.module.css';

interface Props {
  item: ForYouItem;
  title: string;
  categories: readonly string[];
  onBookmark: () => void;
  onShare: () => void;
  onContinue: () => void;
}

/**
 * What the feed says of the drama in view (issue 45): its title, categories and episode count,
 * bookmark and share, and "continue this drama" into the player at the viewer's next episode.
 */
export function FeedOverlay({ item, title, categories, onBookmark, onShare, onContinue }: Props) {
  const { t } = useTranslation();
  const { drama } = item;
  return (
    <div className={styles.overlay}>
      <div className={styles.info}>
        <h2 className={styles.title} data-testid="foryou-title">
          {title} <RatingBadge ageRate={drama.age_rate} />
        </h2>
        <p className={styles.meta}>
          {categories.length > 0 && (
            <span className={styles.categories} data-testid="foryou-categories">
              {categories.map((name) => (
                <span key={name} className={styles.category}>
                  {name}
                </span>
              ))}
            </span>
          )}
          <span data-testid="foryou-episodes">
            {t('common.episodes', { count: drama.epsd_cnt })}
          </span>
        </p>
        <button
          type="button"
          className={styles.continue}
          onClick={onContinue}
          data-testid="foryou-continue"
          data-continue-epsd={item.continueEpsd}
        >
          <PlayIcon />
          <span>
            {t('foryou.continue')}
            {item.continueEpsd > 1 && (
              <small className={styles.continueAt}>
                {t('foryou.continue_at', { n: item.continueEpsd })}
              </small>
            )}
          </span>
        </button>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${styles.action} ${item.bookmark ? styles.actionOn : ''}`}
          aria-pressed={item.bookmark}
          onClick={onBookmark}
          data-testid="foryou-bookmark"
          data-bookmarked={item.bookmark}
        >
          <BookmarkIcon />
          <span className="visually-hidden">
            {item.bookmark ? t('player.bookmarked') : t('player.bookmark')}{' '}
          </span>
          <span>{formatNumber(drama.bkmk_cnt)}</span>
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={onShare}
          data-testid="foryou-share"
        >
          <ShareIcon />
          <span>{t('player.share')}</span>
        </button>
      </div>
    </div>
  );
}
