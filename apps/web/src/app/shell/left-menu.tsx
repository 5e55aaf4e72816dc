import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openLoginSheet } from '../../features/auth/login-sheet';
import { useOpenCustomerService } from '../../features/support/customer-service';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import {
  BookmarkIcon,
  CloseIcon,
  GiftIcon,
  GridIcon,
  HeadsetIcon,
  SettingsIcon,
  UserIcon,
} from '../../shared/ui/icons';
import styles from './shell.module.css';

/** Slide-in left menu, about 230 px wide (spec §2). */
export function LeftMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  const openCustomerService = useOpenCustomerService();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  const then = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <div className={styles.leftMenuRoot} data-open={open} aria-hidden={!open}>
      <div className={styles.leftMenuScrim} onClick={onClose} />
      <nav
        className={styles.leftMenu}
        data-testid="left-menu"
        aria-label={t('menu.open')}
        inert={!open}
      >
        <div className={styles.leftMenuHead}>
          <button className={styles.iconButton} onClick={onClose} aria-label={t('menu.close')}>
            <CloseIcon />
          </button>
        </div>
        {isGuest(user) ? (
          <button
            className={styles.menuProfile}
            onClick={then(openLoginSheet)}
            data-testid="menu-login"
          >
            <UserIcon />
            <span>{t('menu.login')}</span>
          </button>
        ) : (
          <Link
            to="/profile"
            className={styles.menuProfile}
            onClick={onClose}
            data-testid="menu-profile"
          >
            <UserIcon />
            <span>
              <strong>{user?.ncknm}</strong>
              {user?.email && <small className={styles.menuEmail}>{user.email}</small>}
            </span>
          </Link>
        )}
        <ul className={styles.menuList}>
          <li>
            <Link to="/category" onClick={onClose}>
              <GridIcon /> {t('menu.category')}
            </Link>
          </li>
          <li>
            <Link to="/bookmark" onClick={onClose}>
              <BookmarkIcon /> {t('menu.bookmark')}
            </Link>
          </li>
          <li>
            <Link to="/mission" onClick={onClose}>
              <GiftIcon /> {t('menu.mission')}
            </Link>
          </li>
          <li>
            <button onClick={then(openCustomerService)}>
              <HeadsetIcon /> {t('menu.customer_service')}
            </button>
          </li>
          <li>
            <Link to="/settings" onClick={onClose}>
              <SettingsIcon /> {t('menu.settings')}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
