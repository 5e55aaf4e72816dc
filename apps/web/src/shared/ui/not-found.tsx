import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './not-found.module.css';

export function NotFound({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.root} data-testid="not-found">
      <p className={styles.message}>{message ?? t('common.not_found')}</p>
      <Link to="/" className={styles.home}>
        {t('common.go_home')}
      </Link>
    </div>
  );
}
