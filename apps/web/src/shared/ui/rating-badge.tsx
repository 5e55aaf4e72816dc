import { useTranslation } from 'react-i18next';
import { isAdultOnly, ratingBadge } from '@snapdrama/rules';
import styles from './rating-badge.module.css';

/**
 * A drama's age rating as Korean services show it: the age in a circle, red for adults only
 * (18/19), orange for 15, yellow for 12; none for all ages (decision 1490). On a poster it sits
 * in a corner (`onPoster`); beside a title it follows the text. Its name reads the rating out.
 */
export function RatingBadge({
  ageRate,
  onPoster = false,
  corner = 'right',
  size = 'small',
}: {
  ageRate: string;
  onPoster?: boolean;
  /** which top corner of the poster (a checkbox may take the right one) */
  corner?: 'left' | 'right';
  size?: 'small' | 'large';
}) {
  const { t } = useTranslation();
  const age = ratingBadge(ageRate);
  if (!age) return null;
  const tone = isAdultOnly(ageRate) ? styles.adult : age === '15' ? styles.fifteen : styles.twelve;
  return (
    <span
      className={[
        styles.badge,
        tone,
        onPoster ? styles.onPoster : '',
        onPoster && corner === 'left' ? styles.left : '',
        styles[size],
      ].join(' ')}
      role="img"
      aria-label={t('player.age_rating', { age })}
      data-testid="rating-badge"
      data-age-rate={ageRate}
    >
      <span aria-hidden="true">{age}</span>
    </span>
  );
}
