import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/number';
import { useUserInfo } from '../../../shared/session/user-info';
import styles from './balance.module.css';

/** My coins and bonus coins (spec §2 payment page), from the user info the app refreshes. */
export function Balance() {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  return (
    <dl className={styles.balance} data-testid="payment-balance">
      <div>
        <dt>{t('payment.my_coins')}</dt>
        <dd data-testid="payment-coins">{formatNumber(user?.coin_list.paid ?? 0)}</dd>
      </div>
      <div>
        <dt>{t('payment.bonus_coins')}</dt>
        <dd data-testid="payment-bonus-coins">{formatNumber(user?.coin_list.bonus ?? 0)}</dd>
      </div>
    </dl>
  );
}
