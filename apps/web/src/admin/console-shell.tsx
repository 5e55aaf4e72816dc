import { useCodeText } from '../shared/console/console-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LANGUAGES, adminPaths, type Language, type OperatorRole } from '@snapdrama/contract';
import { adminPath, consoleApi, onSessionLost } from '../shared/console/console-api';
import {
  pick,
  setConsoleLanguage,
  useConsoleLanguage,
  useConsoleText,
} from '../shared/console/console-i18n';
import { meQuery, useOperator } from '../shared/console/console-session';
import { commonMessages } from '../shared/console/console-common-messages';
import { RouteErrorBoundary } from '../shared/routing/route-error-boundary';
import { consolePages } from './console-pages';
import { shellMessages } from './shell-messages';
import styles from './console-shell.module.css';

const LANGUAGE_NAMES: Record<Language, string> = { ko: '한국어', en: 'English', ja: '日本語' };

export const navPagesFor = (role: OperatorRole) =>
  consolePages.filter((page) => page.label && page.roles.includes(role));

/** The page's title and language follow the console's language (admin.html starts in English). */
export function useConsoleDocument(): void {
  const t = useConsoleText(shellMessages);
  const lang = useConsoleLanguage();
  const title = t('shell.title');
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = lang;
  }, [title, lang]);
}

/** The brand (a name, the same in every language) and the console's word for itself. */
export function ConsoleBrand() {
  const t = useConsoleText(shellMessages);
  return (
    <>
      <span translate="no">
        Snap<span>Drama</span>
      </span>{' '}
      {t('shell.console')}
    </>
  );
}

function FullMessage(props: { children: ReactNode }) {
  return <div className={styles.center}>{props.children}</div>;
}

/** Signed-in layout: top bar, navigation from the page registry, and the page. */
export function ConsoleShell() {
  const t = useConsoleText(shellMessages);
  const code = useCodeText();
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const me = useOperator();
  useConsoleDocument();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // a 401 from any call (signed out elsewhere, expired, disabled): back to sign-in
  useEffect(
    () =>
      onSessionLost(() => {
        queryClient.setQueryData(meQuery.queryKey, null);
      }),
    [queryClient],
  );

  if (me.isPending) return <FullMessage>{common('common.loading')}</FullMessage>;
  if (me.isError) return <FullMessage>{common('common.load_failed')}</FullMessage>;
  const operator = me.data;
  if (!operator) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }

  const signOut = async () => {
    await consoleApi.post(adminPath(adminPaths.signOut())).catch(() => undefined);
    queryClient.clear();
    queryClient.setQueryData(meQuery.queryKey, null);
    void navigate('/admin/sign-in', { replace: true });
  };

  return (
    <div className={styles.layout}>
      <header className={styles.topbar}>
        <a className={styles.brand} href="/admin">
          <ConsoleBrand />
        </a>
        <div className={styles.spacer} />
        <div className={styles.who}>
          <strong translate="no">{operator.displayName}</strong>
          <span>{code('role', operator.role) ?? operator.role}</span>
        </div>
        <select
          className={styles.select}
          aria-label={t('shell.language')}
          value={lang}
          onChange={(event) => setConsoleLanguage(event.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        <button
          type="button"
          data-testid="console-sign-out"
          className={styles.signOut}
          onClick={() => void signOut()}
        >
          {t('shell.sign_out')}
        </button>
      </header>
      <nav data-testid="console-nav" className={styles.nav} aria-label={t('shell.menu')}>
        {navPagesFor(operator.role).map((page) => (
          <NavLink
            key={page.path}
            to={`/admin/${page.path}`}
            className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
          >
            {page.label ? pick(page.label, lang) : page.path}
          </NavLink>
        ))}
      </nav>
      <main className={styles.main}>
        {/* a page that throws, or whose code failed to load, leaves the shell working */}
        <RouteErrorBoundary
          resetKey={location.pathname}
          fallback={
            <p role="alert" data-testid="console-page-failed">
              {t('shell.page_failed')}
            </p>
          }
        >
          <Outlet />
        </RouteErrorBoundary>
      </main>
    </div>
  );
}

/** /admin: the first page the operator's role may open. */
export function ConsoleHome() {
  const t = useConsoleText(shellMessages);
  const me = useOperator();
  const first = me.data ? navPagesFor(me.data.role)[0] : undefined;
  if (!first) return <p>{t('shell.no_pages')}</p>;
  return <Navigate to={`/admin/${first.path}`} replace />;
}

/** A registered page for the roles it lists; others see a plain refusal (the server refuses too). */
export function RoleGate(props: { roles: readonly OperatorRole[]; children: ReactNode }) {
  const common = useConsoleText(commonMessages);
  const me = useOperator();
  if (!me.data || !props.roles.includes(me.data.role)) return <p>{common('common.forbidden')}</p>;
  return props.children;
}

export function ConsoleNotFound() {
  const t = useConsoleText(shellMessages);
  return <p>{t('shell.not_found')}</p>;
}
