import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { openLoginSheet } from '../../features/auth/login-sheet';
import { LanguagePicker } from '../../features/i18n/language-picker';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { UnreadBadge } from '../../shared/support/unread-badge';
import { useUnreadAnswers } from '../../shared/support/unread-answers';
import { UserIcon } from '../../shared/ui/icons';
import { Logo } from '../../shared/ui/logo';
import { SearchBox } from './search-box';
import styles from './shell.module.css';

/** Desktop account entry: log in for guests, nickname linking to /profile for members. */
function AccountEntry() {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  const unreadAnswers = useUnreadAnswers();
  if (isGuest(user)) {
    return (
      <button className={styles.accountEntry} onClick={openLoginSheet} data-testid="topbar-login">
        <UserIcon />
        <span>{t('menu.login')}</span>
      </button>
    );
  }
  return (
    <Link to="/profile" className={styles.accountEntry} data-testid="topbar-profile">
      <UserIcon />
      <span data-testid="topbar-nickname">{user?.ncknm}</span>
      <UnreadBadge count={unreadAnswers} testId="topbar-unread-answers" />
    </Link>
  );
}

/** Desktop top bar (spec §2): logo, tabs, language picker, search, account. */
export function TopBar() {
  const { t } = useTranslation();
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab;
  return (
    <header className={styles.topBar} data-testid="top-bar">
      <div className={styles.topBarInner}>
        <Logo />
        <nav className={styles.tabs}>
          {/* the For You feed (issue 45) */}
          <NavLink to="/foryou" className={tabClass} data-testid="topbar-foryou">
            {t('foryou.title')}
          </NavLink>
          <NavLink to="/category" className={tabClass}>
            {t('menu.category')}
          </NavLink>
          <NavLink to="/bookmark" className={tabClass}>
            {t('menu.bookmark')}
          </NavLink>
          <NavLink to="/mission" className={tabClass}>
            {t('menu.mission')}
          </NavLink>
        </nav>
        <div className={styles.topBarEnd}>
          <LanguagePicker />
          <SearchBox />
          <AccountEntry />
        </div>
      </div>
    </header>
  );
}
