import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SocialMethod } from '@snapdrama/contract';
import { useLayerStore } from '../../shared/layers/layer-store';
import { registerLoginOpener } from '../../shared/session/login-request';
import styles from './login-sheet.module.css';
import { startSocialSignIn } from './social-sign-in';

/** Login bottom sheet height (spec §9). */
const LOGIN_SHEET_HEIGHT = 385;

/** Spec §2 order: Kakao, Facebook, Google, Apple. */
const PROVIDERS = [
  { method: 'kakao', label: 'auth.login_kakao', mark: 'K' },
  { method: 'facebook', label: 'auth.login_facebook', mark: 'f' },
  { method: 'google', label: 'auth.login_google', mark: 'G' },
  { method: 'apple', label: 'auth.login_apple', mark: '' },
] as const satisfies readonly { method: SocialMethod; label: string; mark: string }[];

function LoginSheet() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <div className={styles.sheet} data-testid="login-sheet">
      <h2 className={styles.title}>{t('auth.login_title')}</h2>
      <p className={styles.body}>{t('auth.login_subtitle')}</p>
      <div className={styles.buttons}>
        {PROVIDERS.map((p) => (
          <button
            key={p.method}
            type="button"
            className={styles.provider}
            data-provider={p.method}
            data-testid={`login-${p.method}`}
            onClick={() => void startSocialSignIn(p.method, { queryClient, t })}
          >
            <span className={styles.mark} aria-hidden="true">
              {p.mark}
            </span>
            <span>{t(p.label)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

export function openLoginSheet() {
  useLayerStore
    .getState()
    .openSheet({ kind: 'login', content: <LoginSheet />, height: LOGIN_SHEET_HEIGHT });
}

// any feature's "please log in" (shared/session/login-request) opens this sheet
registerLoginOpener(openLoginSheet);
