import type { MouseEvent, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FULL_LIST_SIZE } from '@snapdrama/rules';
import { continueQuery } from '../../features/catalog/api/catalog-api';
import { openLoginSheet } from '../../features/auth/login-sheet';
import { useOpenCustomerService } from '../../features/support/customer-service';
import { afterLayerEntryReleased } from '../../shared/layers/layer-history';
import { useLayerStore } from '../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { UnreadBadge } from '../../shared/support/unread-badge';
import { useUnreadAnswers } from '../../shared/support/unread-answers';
import {
  BookmarkIcon,
  CloseIcon,
  GiftIcon,
  GridIcon,
  HeadsetIcon,
  PlayCircleIcon,
  SettingsIcon,
  UserIcon,
} from '../../shared/ui/icons';
import styles from './shell.module.css';

/**
 * A menu entry that leaves the page: the menu closes first and gives back the history entry it
 * owned (Back closes the menu, spec §2), then the app navigates; otherwise that entry would stay
 * behind the new page and the next Back would show the old page again with nothing open.
 */
function MenuLink({
  to,
  onClose,
  children,
  testId,
  className,
}: {
  to: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onClose();
    afterLayerEntryReleased(() => void navigate(to));
  };
  return (
    <Link to={to} onClick={onClick} data-testid={testId} className={className}>
      {children}
    </Link>
  );
}

/**
 * Slide-in left menu, about 230 px wide (spec §2). Its open state lives in the layer store, so
 * Escape, Backspace, the browser's Back and the host's back hook close it like a sheet.
 */
export function LeftMenu() {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  const openCustomerService = useOpenCustomerService();
  const unreadAnswers = useUnreadAnswers();
  const open = useLayerStore((s) => s.menuOpen);
  const onClose = useLayerStore((s) => s.closeMenu);

  // the For You feed first for a new viewer (nothing watched yet), after the categories else
  const recent = useQuery({ ...continueQuery(FULL_LIST_SIZE), enabled: open });
  const isNewViewer = !recent.data?.continueList.length;
  const forYou = (
    <li>
      <MenuLink to="/foryou" onClose={onClose} testId="menu-foryou">
        <PlayCircleIcon /> {t('foryou.title')}
      </MenuLink>
    </li>
  );

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
          <MenuLink
            to="/profile"
            className={styles.menuProfile}
            onClose={onClose}
            testId="menu-profile"
          >
            <UserIcon />
            <span>
              <strong>{user?.ncknm}</strong>
              {user?.email && <small className={styles.menuEmail}>{user.email}</small>}
            </span>
          </MenuLink>
        )}
        <ul className={styles.menuList}>
          {isNewViewer && forYou}
          <li>
            <MenuLink to="/category" onClose={onClose} testId="menu-category">
              <GridIcon /> {t('menu.category')}
            </MenuLink>
          </li>
          {!isNewViewer && forYou}
          <li>
            <MenuLink to="/bookmark" onClose={onClose} testId="menu-bookmark">
              <BookmarkIcon /> {t('menu.bookmark')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to="/mission" onClose={onClose} testId="menu-mission">
              <GiftIcon /> {t('menu.mission')}
            </MenuLink>
          </li>
          <li>
            <button onClick={then(openCustomerService)} data-testid="menu-customer-service">
              <HeadsetIcon /> {t('menu.customer_service')}
              <UnreadBadge count={unreadAnswers} testId="menu-unread-answers" />
            </button>
          </li>
          <li>
            <MenuLink to="/settings" onClose={onClose} testId="menu-settings">
              <SettingsIcon /> {t('menu.settings')}
            </MenuLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
