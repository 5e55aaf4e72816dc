import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../shared/ui/logo';
import { MenuIcon, SearchIcon, UserIcon } from '../../shared/ui/icons';
import { UnreadBadge } from '../../shared/support/unread-badge';
import { useUnreadAnswers } from '../../shared/support/unread-answers';
import styles from './shell.module.css';

/** Mobile header (spec §2): hamburger, logo, search, profile. */
export function MobileHeader({
  onOpenMenu,
  overlay = false,
}: {
  onOpenMenu: () => void;
  /** over the player's video instead of above the page */
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  const unreadAnswers = useUnreadAnswers();
  return (
    <header className={styles.mobileHeader} data-overlay={overlay} data-testid="mobile-header">
      <button
        className={styles.iconButton}
        onClick={onOpenMenu}
        aria-label={t('menu.open')}
        data-testid="menu-button"
      >
        <MenuIcon />
      </button>
      <Logo />
      <div className={styles.mobileHeaderEnd}>
        <Link to="/search" className={styles.iconButton} aria-label={t('menu.search')}>
          <SearchIcon />
        </Link>
        <Link
          to="/profile"
          className={styles.iconButton}
          style={{ position: 'relative' }}
          aria-label={t('menu.profile')}
        >
          <UserIcon />
          <UnreadBadge count={unreadAnswers} corner testId="header-unread-answers" />
        </Link>
      </div>
    </header>
  );
}
