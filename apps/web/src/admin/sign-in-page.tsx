import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  LANGUAGES,
  ResultCode,
  adminPaths,
  type Language,
  type OperatorSessionData,
} from '@snapdrama/contract';
import { ConsoleApiError, adminPath, consoleApi } from '../shared/console/console-api';
import {
  setConsoleLanguage,
  useConsoleLanguage,
  useConsoleText,
} from '../shared/console/console-i18n';
import { meQuery, useOperator } from '../shared/console/console-session';
import { Banner, Button, Field, ui } from '../shared/console/console-ui';
import { ConsoleBrand, useConsoleDocument } from './console-shell';
import { shellMessages } from './shell-messages';
import styles from './sign-in-page.module.css';

/** Only paths inside the console are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/admin';
}

export function SignInPage() {
  const t = useConsoleText(shellMessages);
  const lang = useConsoleLanguage();
  const me = useOperator();
  useConsoleDocument();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const totpRef = useRef<HTMLInputElement>(null);
  const next = safeNext(params.get('next'));

  if (me.data) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const session = await consoleApi.post<OperatorSessionData>(adminPath(adminPaths.signIn()), {
        email,
        password,
        ...(askTotp && !useRecovery && totp ? { totp } : {}),
        ...(askTotp && useRecovery && recoveryCode.trim()
          ? { recoveryCode: recoveryCode.trim() }
          : {}),
      });
      queryClient.setQueryData(meQuery.queryKey, session.operator);
      void navigate(next, { replace: true });
    } catch (caught) {
      const code = caught instanceof ConsoleApiError ? caught.code : 0;
      if (code === ResultCode.OPERATOR_TOTP_INVALID) {
        setError(
          askTotp && useRecovery && recoveryCode
            ? t('sign_in.recovery_wrong')
            : askTotp && totp
              ? t('sign_in.totp_wrong')
              : t('sign_in.totp_needed'),
        );
        setAskTotp(true);
        setTotp('');
        setTimeout(() => totpRef.current?.focus(), 0);
      } else if (code === ResultCode.OPERATOR_DISABLED) {
        setError(t('sign_in.disabled'));
      } else if (code === ResultCode.OPERATOR_SIGN_IN_FAILED) {
        setError(t('sign_in.failed'));
      } else if (code === ResultCode.RATE_LIMITED) {
        setError(t('sign_in.too_many'));
      } else {
        setError(caught instanceof Error ? caught.message : String(caught));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.screen}>
      <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.brand}>
          <ConsoleBrand />
        </div>
        <h1 className={styles.title}>{t('sign_in.title')}</h1>
        {error && <Banner kind="error">{error}</Banner>}
        <Field label={t('sign_in.email')}>
          <input
            className={ui.input}
            type="email"
            name="email"
            data-testid="console-email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label={t('sign_in.password')}>
          <input
            className={ui.input}
            type="password"
            name="password"
            data-testid="console-password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {askTotp && !useRecovery && (
          <Field label={t('sign_in.totp')} hint={t('sign_in.totp_hint')}>
            <input
              ref={totpRef}
              className={ui.input}
              name="totp"
              data-testid="console-totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              value={totp}
              onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
            />
          </Field>
        )}
        {askTotp && useRecovery && (
          <Field label={t('sign_in.recovery')} hint={t('sign_in.recovery_hint')}>
            <input
              ref={totpRef}
              className={ui.input}
              name="recoveryCode"
              data-testid="console-recovery-code"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              value={recoveryCode}
              onChange={(e) => setRecoveryCode(e.target.value)}
            />
          </Field>
        )}
        {askTotp && (
          <Button
            data-testid="console-toggle-recovery"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setError(undefined);
              setTimeout(() => totpRef.current?.focus(), 0);
            }}
          >
            {useRecovery ? t('sign_in.use_totp') : t('sign_in.use_recovery')}
          </Button>
        )}
        <div className={styles.row}>
          <Button
            type="submit"
            variant="primary"
            data-testid="console-sign-in"
            disabled={busy || !email || !password}
          >
            {busy ? t('sign_in.busy') : t('sign_in.submit')}
          </Button>
        </div>
        <select
          className={ui.input}
          aria-label={t('shell.language')}
          value={lang}
          onChange={(e) => setConsoleLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {l === 'ko' ? '한국어' : l === 'en' ? 'English' : '日本語'}
            </option>
          ))}
        </select>
        <p className={styles.note}>{t('sign_in.viewer_note')}</p>
      </form>
    </div>
  );
}
