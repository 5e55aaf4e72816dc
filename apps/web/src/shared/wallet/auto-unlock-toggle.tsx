import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error';
import { layers } from '../layers/layer-store';
import { requestLogin } from '../session/login-request';
import { useAutoUnlockSetting, useSetAutoUnlock } from './auto-unlock-setting';
import styles from './auto-unlock-toggle.module.css';

/**
 * The auto-unlock switch (issue 16 item 2), on the locked-episode layer and in settings. Off by
 * default; a guest tapping it is sent to login (auto-unlock is never on for guests).
 */
export function AutoUnlockToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { member, enabled } = useAutoUnlockSetting();
  const setAutoUnlock = useSetAutoUnlock();
  const onChange = () => {
    if (!member) return requestLogin();
    setAutoUnlock.mutate(!enabled, {
      onError: (error) => layers.toast(errorMessage(error, t('contents.msg_fail')), 'failure'),
    });
  };
  return (
    <label
      className={`${styles.row} ${compact ? styles.compact : ''}`}
      data-testid="auto-unlock-toggle"
    >
      <span className={styles.text}>
        <strong>{t('auto_unlock.label')}</strong>
        <small>{t('auto_unlock.description')}</small>
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={enabled}
        disabled={setAutoUnlock.isPending}
        onChange={onChange}
        data-testid="auto-unlock-switch"
      />
    </label>
  );
}
