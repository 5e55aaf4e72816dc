import { useTranslation } from 'react-i18next';
import { RotateIcon } from '../../shared/ui/icons';
import styles from './shell.module.css';

/** Landscape is unsupported on phones (spec §2); CSS decides when it shows. */
export function LandscapeBlocker() {
  const { t } = useTranslation();
  return (
    <div className={styles.landscapeBlocker} data-testid="landscape-blocker">
      <RotateIcon />
      <p>{t('common.portrait_only')}</p>
    </div>
  );
}
