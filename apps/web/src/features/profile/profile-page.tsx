import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../shared/format/number';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { UserIcon } from '../../shared/ui/icons';
import { CoinExpiryBanner } from '../../shared/wallet/coin-expiry-banner';
import styles from './profile.module.css';
import { VipStatusCard } from '../../shared/vip/vip-status-card';
import { InviteCard } from '../../shared/invite/invite-card';
import { SignInPrompt } from '../../shared/session/sign-in-prompt';
import { UnreadBadge } from '../../shared/support/unread-badge';
import { useUnreadAnswers } from '../../shared/support/unread-answers';

/** /profile (spec §2): a login prompt for guests; nickname, e-mail and the wallet otherwise. */
export function ProfilePage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const user = useUserInfo().data?.user;
  const unreadAnswers = useUnreadAnswers();

  if (!user || isGuest(user)) {
    return (
      <section className={styles.page} data-testid="profile-page">
        <SignInPrompt
          className={styles.prompt}
          icon={<UserIcon />}
          testId="profile-guest"
          loginTestId="profile-login"
        />
      </section>
    );
  }

  return (
    <section className={styles.page} data-testid="profile-page">
      <h1 className={styles.heading}>{t('profile.title')}</h1>
      <CoinExpiryBanner />
      <Link to="/profile/edit" className={styles.identity} data-testid="profile-edit-link">
        <span className={styles.avatar} aria-hidden="true">
          <UserIcon />
        </span>
        <span className={styles.names}>
          <strong data-testid="profile-nickname">{user.ncknm}</strong>
          {user.email && <small>{user.email}</small>}
        </span>
        <span className={styles.chevron} aria-label={t('profile.edit')}>
          ›
        </span>
      </Link>

      <div className={styles.wallet} data-testid="profile-wallet">
        <div className={styles.walletHead}>
          <strong>{t('profile.wallet')}</strong>
          <span className={styles.walletLinks}>
            <Link to="/profile/coin-history">{t('profile.coin_history')} ›</Link>
            <Link to="/profile/orders" data-testid="profile-orders-link">
              {t('profile.orders')} ›
            </Link>
          </span>
        </div>
        {/* the same three figures, with the same names, as coin history shows */}
        <dl className={styles.balances}>
          <div>
            <dt>{t('wallet.held')}</dt>
            <dd data-testid="profile-coins-held">{formatNumber(user.coin)}</dd>
          </div>
          <div>
            <dt>{t('wallet.own')}</dt>
            <dd data-testid="profile-coins-own">{formatNumber(user.coin_list.paid)}</dd>
          </div>
          <div>
            <dt>{t('wallet.bonus')}</dt>
            <dd data-testid="profile-coins-bonus">{formatNumber(user.coin_list.bonus)}</dd>
          </div>
        </dl>
        <Link to="/payment" className={styles.charge}>
          {t('profile.charge')}
        </Link>
      </div>

      <VipStatusCard />

      <InviteCard />

      <ul className={styles.links}>
        <li>
          <Link to="/support/inquiries" data-testid="profile-inquiries-link">
            {t('profile.my_inquiries')}
            <UnreadBadge count={unreadAnswers} testId="profile-unread-answers" />
          </Link>
        </li>
      </ul>

      {isMobile && (
        <ul className={styles.links}>
          <li>
            <Link to="/mission">{t('profile.mission')}</Link>
          </li>
          <li>
            <Link to="/settings">{t('profile.settings')}</Link>
          </li>
        </ul>
      )}
    </section>
  );
}
