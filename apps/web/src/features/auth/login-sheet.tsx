import { useTranslation } from 'react-i18next';
import { useLayerStore } from '../../shared/layers/layer-store';
import { Button } from '../../shared/ui/button';
import styles from './login-sheet.module.css';

/** Login bottom sheet height (spec §9). */
const LOGIN_SHEET_HEIGHT = 385;

function LoginSheet() {
  const { t } = useTranslation();
  const closeSheet = useLayerStore((s) => s.closeSheet);
  // Social providers arrive with the sign-in issue; the sheet is the frame they plug into.
  return (
    <div className={styles.sheet}>
      <h2 className={styles.title}>{t('menu.login')}</h2>
      <p className={styles.body}>{t('common.app_name')}</p>
      <Button variant="secondary" block onClick={closeSheet}>
        {t('common.close')}
      </Button>
    </div>
  );
}

export function openLoginSheet() {
  useLayerStore
    .getState()
    .openSheet({ kind: 'login', content: <LoginSheet />, height: LOGIN_SHEET_HEIGHT });
}
