import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey, PaymentGoods } from '@snapdrama/contract';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { requestLogin } from '../../shared/session/login-request';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { VipOffer } from '../../shared/vip/vip-offer';
import { UserIcon } from '../../shared/ui/icons';
import { Balance } from './components/balance';
import { openGatewayChooser } from './components/gateway-chooser';
import { GoodsList } from './components/goods-list';
import styles from './payment-page.module.css';

const GUIDE: MessageKey[] = [
  'payment.guide_1',
  'payment.guide_2',
  'payment.guide_3',
  'payment.guide_4',
  'payment.guide_5',
];

/** The profile side panel of the desktop payment page (spec §2). */
function ProfilePanel() {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  if (!user || isGuest(user)) return null;
  return (
    <aside className={styles.side} data-testid="payment-profile">
      <Link to="/profile" className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          <UserIcon />
        </span>
        <span className={styles.names}>
          <strong>{user.ncknm}</strong>
          {user.email && <small>{user.email}</small>}
        </span>
      </Link>
      <nav className={styles.sideLinks}>
        <Link to="/profile/coin-history">{t('profile.coin_history')}</Link>
        <Link to="/profile/orders">{t('profile.orders')}</Link>
        <Link to="/mission">{t('profile.mission')}</Link>
        <Link to="/profile">{t('profile.title')}</Link>
      </nav>
    </aside>
  );
}

/**
 * /payment (spec §2): my coins and bonus coins, the coin packs, guide notes, and the profile side
 * panel on desktop. Guests see the packs and are sent to login when they try to buy (spec §6).
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const guest = isGuest(useUserInfo().data?.user);
  const choose = (goods: PaymentGoods) =>
    guest ? requestLogin() : openGatewayChooser(goods, t('payment.choose_gateway'));

  return (
    <section className={styles.page} data-testid="payment-page">
      <div className={styles.main}>
        <h1 className={styles.heading}>{t('payment.title')}</h1>
        {guest ? (
          <div className={styles.prompt} data-testid="payment-guest">
            <p>{t('payment.login_prompt')}</p>
            <Button onClick={requestLogin} data-testid="payment-login">
              {t('profile.login')}
            </Button>
          </div>
        ) : (
          <Balance />
        )}
        <GoodsList onChoose={choose} />
        <VipOffer />
        <div className={styles.guide} data-testid="payment-guide">
          <h2>{t('payment.guide_title')}</h2>
          <ul>
            {GUIDE.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </div>
      </div>
      {!isMobile && <ProfilePanel />}
    </section>
  );
}
