import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlayIcon } from './icons';
import styles from './logo.module.css';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={styles.logo} data-testid="logo">
      <span className={styles.mark}>
        <PlayIcon />
      </span>
      <span>{t('common.app_name')}</span>
    </Link>
  );
}
