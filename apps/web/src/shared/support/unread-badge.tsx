import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/number';
import styles from './unread-badge.module.css';

/** A small count of new answers beside a menu entry or link; nothing when there are none. */
export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      className={styles.badge}
      role="status"
      aria-label={t('my_inquiries.unread', { n: count })}
      data-testid={testId}
    >
      {formatNumber(count)}
    </span>
  );
}
