import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/number';
import styles from './unread-badge.module.css';

/** A small count of new answers beside a menu entry or link; nothing when there are none. */
export function UnreadBadge({
  count,
  testId,
  corner = false,
}: {
  count: number;
  testId?: string;
  /** on an icon's top right corner (the header's profile icon), not beside a text */
  corner?: boolean;
}) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      className={corner ? `${styles.badge} ${styles.corner}` : styles.badge}
      role="status"
      aria-label={t('my_inquiries.unread', { n: count })}
      data-testid={testId}
    >
      {formatNumber(count)}
    </span>
  );
}
