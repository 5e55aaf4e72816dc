import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { acceptLink, linkInfo } from '../features/console-operators/api/operators-api';
import { tokenFromHash } from '../features/console-operators/operator-links';
import { operatorsMessages } from '../features/console-operators/operators-messages';
import { fieldErrors } from '../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../shared/console/console-i18n';
import { meQuery } from '../shared/console/console-session';
import { Banner, Button, Field, ui } from '../shared/console/console-ui';
import { ConsoleBrand, useConsoleDocument } from './console-shell';
import styles from './sign-in-page.module.css';

/**
 * /admin/link#<token>: the page of an invite or reset link. The token stays in the fragment (no
 * server log sees it) and goes to the API in a request body; the person sets a password and is
 * signed in (or, with TOTP on, sent to sign in with their code).
 */
export function LinkPage() {
  const t = useConsoleText(operatorsMessages);
  const lang = useConsoleLanguage();
  useConsoleDocument();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [doneWithTotp, setDoneWithTotp] = useState(false);
  const info = useQuery({
    queryKey: ['console', 'link', token],
    queryFn: () => linkInfo(token ?? ''),
    enabled: token !== undefined,
    retry: false,
    staleTime: Infinity,
  });
  const mismatch = again !== '' && again !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || mismatch) return;
    setBusy(true);
    setErrors({});
    try {
      const accepted = await acceptLink(token, password);
      if (accepted.session) {
        queryClient.setQueryData(meQuery.queryKey, accepted.session.operator);
        void navigate('/admin', { replace: true });
      } else {
        setDoneWithTotp(true);
      }
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  let content;
  if (!token) {
    content = <Banner kind="error">{t('link.no_token')}</Banner>;
  } else if (info.isPending) {
    content = <p className={ui.muted}>{t('link.checking')}</p>;
  } else if (info.isError) {
    content = (
      <>
        <Banner kind="error">{info.error.message}</Banner>
        <Link to="/admin/sign-in" className={ui.button}>
          {t('link.go_sign_in')}
        </Link>
      </>
    );
  } else if (doneWithTotp) {
    content = (
      <>
        <Banner kind="success">{t('link.done_totp')}</Banner>
        <Link to="/admin/sign-in" className={ui.button} data-testid="link-go-sign-in">
          {t('link.go_sign_in')}
        </Link>
      </>
    );
  } else {
    const until = new Date(info.data.expiresAt).toLocaleString(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    content = (
      <>
        <h1 className={styles.title}>
          {info.data.purpose === 'invite' ? t('link.title_invite') : t('link.title_reset')}
        </h1>
        <p style={{ margin: 0 }} translate="no" data-testid="link-for">
          {t('link.for', { name: info.data.displayName, email: info.data.email })}
        </p>
        <p className={styles.note}>{t('link.until', { until })}</p>
        {errors[''] && <Banner kind="error">{errors['']}</Banner>}
        <input type="hidden" name="username" autoComplete="username" value={info.data.email} />
        <Field label={t('link.password')} hint={t('link.password_hint')} error={errors.password}>
          <input
            className={ui.input}
            type="password"
            autoComplete="new-password"
            data-testid="link-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Field label={t('link.password_again')} error={mismatch ? t('link.mismatch') : undefined}>
          <input
            className={ui.input}
            type="password"
            autoComplete="new-password"
            data-testid="link-password-again"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
        </Field>
        <div className={styles.row}>
          <Button
            type="submit"
            variant="primary"
            data-testid="link-submit"
            disabled={busy || !password || again !== password}
          >
            {busy ? t('link.busy') : t('link.submit')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.brand}>
          <ConsoleBrand />
        </div>
        {content}
      </form>
    </div>
  );
}
