import { useTranslation } from 'react-i18next';
import { ResultCode } from '@snapdrama/contract';
import { AD_UNLOCK_DAILY_CAP, coinUnlockAction } from '@snapdrama/rules';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { formatDuration, formatNumber } from '../../../shared/format/number';
import { layerOpeners } from '../../../shared/layers/layer-openers';
import { layers, useLayerStore } from '../../../shared/layers/layer-store';
import { Button } from '../../../shared/ui/button';
import { LockIcon } from '../../../shared/ui/icons';
import { useCoinUnlock } from '../api/playback';
import { useAdCooldown } from '../hooks/use-ad-cooldown';
import { AdIcon, CoinIcon } from './player-icons';
import styles from './locked-episode.module.css';

interface LockedEpisodeProps {
  dramaId: number;
  epsd: number;
  price: number;
  coins: number;
  unlockCount: number;
  isGuest: boolean;
  poster: string;
}

/** Payment opens as a popup, never a route (spec §2); the payment issue registers its own. */
function openPayment(message: string, title: string) {
  layerOpeners.open('payment', () =>
    useLayerStore.getState().openPopup({
      kind: 'payment',
      title,
      content: <p data-testid="payment-placeholder">{message}</p>,
    }),
  );
}

/**
 * The locked-episode layer (spec §2): thumbnail, a message to watch the next episode, coins held;
 * unlock with coins when they cover the price, else payment; a watch-ad button with its cooldown,
 * else today's unlock count over the cap. Guests are sent to login (spec §6).
 */
export function LockedEpisode(props: LockedEpisodeProps) {
  const { dramaId, epsd, price, coins, unlockCount, isGuest, poster } = props;
  const { t } = useTranslation();
  const unlock = useCoinUnlock(dramaId);
  const cooldown = useAdCooldown();
  const action = coinUnlockAction(coins, price);

  const login = () => layerOpeners.open('login');
  const payment = () => openPayment(t('player.payment_unavailable'), t('player.charge'));

  const onCoinButton = () => {
    if (isGuest) return login();
    if (action === 'payment') return payment();
    unlock.mutate(epsd, {
      onError: (error) => {
        if (isApiError(error) && error.code === ResultCode.GUEST_NOT_ALLOWED) login();
        else if (isApiError(error) && error.code === ResultCode.INSUFFICIENT_COINS) payment();
        else
          layers.alert({
            title: t('error_popup.title'),
            message: errorMessage(error, t('contents.msg_fail')),
          });
      },
    });
  };

  const onAdButton = () => {
    if (isGuest) return login();
    // No rewarded-ad endpoint exists yet (ads issue): say so instead of pretending.
    useLayerStore.getState().openPopup({
      kind: 'ad-unlock',
      title: t('player.watch_ad'),
      content: <p data-testid="ad-unavailable">{t('player.ad_unavailable')}</p>,
    });
  };

  return (
    <div className={styles.root} data-testid="player-locked" data-episode={epsd}>
      <img className={styles.backdrop} src={poster} alt="" aria-hidden="true" />
      <div className={styles.content}>
        <img className={styles.thumbnail} src={poster} alt="" data-testid="locked-thumbnail" />
        <p className={styles.message}>
          <LockIcon className={styles.lock} />
          {t('player.watch_next', { n: epsd })}
        </p>
        <p className={styles.balance}>
          {t('player.my_coins')} <strong data-testid="locked-coins">{formatNumber(coins)}</strong>
        </p>
        <div className={styles.actions}>
          {action === 'unlock' ? (
            <Button
              block
              onClick={onCoinButton}
              disabled={unlock.isPending}
              data-testid="locked-unlock"
            >
              <CoinIcon />
              <span>{t('player.unlock_episode', { n: epsd })}</span>
              <span className={styles.cost}>{formatNumber(price)}</span>
            </Button>
          ) : (
            <Button block onClick={onCoinButton} data-testid="locked-payment">
              <CoinIcon />
              <span>{t('player.charge')}</span>
              <span className={styles.cost}>{t('common.coins', { count: price })}</span>
            </Button>
          )}
          <Button
            block
            variant="secondary"
            onClick={onAdButton}
            disabled={cooldown > 0}
            data-testid="locked-ad"
          >
            <AdIcon />
            <span>{t('player.watch_ad')}</span>
          </Button>
          <p className={styles.adInfo} data-testid="locked-ad-info">
            {cooldown > 0
              ? t('player.ad_cooldown', { time: formatDuration(cooldown) })
              : t('player.ad_count', { count: unlockCount, cap: AD_UNLOCK_DAILY_CAP })}
          </p>
        </div>
      </div>
    </div>
  );
}
