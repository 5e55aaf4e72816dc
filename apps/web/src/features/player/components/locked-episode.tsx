import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '@snapdrama/contract';
import { adUnlockWithinCap, coinUnlockAction } from '@snapdrama/rules';
import { rewardedAdUnits } from '../../../shared/ads/ad-units';
import { useAdConfig } from '../../../shared/ads/ad-config';
import { useAdStore } from '../../../shared/ads/ad-store';
import { watchRewardedAd } from '../../../shared/ads/rewarded-ad';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { formatDuration, formatNumber } from '../../../shared/format/number';
import { layerOpeners } from '../../../shared/layers/layer-openers';
import { layers } from '../../../shared/layers/layer-store';
import { userInfoQueryKey } from '../../../shared/session/user-info';
import { usePaymentPopup } from '../../../shared/payment/payment-popup';
import { Button } from '../../../shared/ui/button';
import { LockIcon } from '../../../shared/ui/icons';
import { useAdUnlock, useCoinUnlock } from '../api/playback';
import { useAdCooldown, type ServerCooldown } from '../hooks/use-ad-cooldown';
import { AdIcon, CoinIcon } from './player-icons';
import { isNativeApp } from '../../../shared/native/native';
import { AutoUnlockOnReach } from './auto-unlock';
import { VipOffer } from '../../../shared/vip/vip-offer';
import styles from './locked-episode.module.css';

interface LockedEpisodeProps {
  dramaId: number;
  epsd: number;
  price: number;
  coins: number;
  unlockCount: number;
  unlockCap: number;
  /** the user info's cooldown, counted down from when it arrived */
  serverCooldown: ServerCooldown | undefined;
  /** the drama's ad tag for this platform (spec §3): web_tag on the web, aos_tag / ios_tag in the app */
  adTag: string | null;
  userId: string | undefined;
  isGuest: boolean;
  poster: string;
  /** the slide the viewer is on (not a preloaded neighbour): auto-unlock acts only there */
  active?: boolean;
}

/**
 * The locked-episode layer (spec §2): thumbnail, a message to watch the next episode, coins held;
 * unlock with coins when they cover the price, else payment; a watch-ad button with its cooldown,
 * else today's unlock count over the cap. Guests are sent to login (spec §6).
 */
export function LockedEpisode(props: LockedEpisodeProps) {
  const { dramaId, epsd, price, coins, unlockCount, unlockCap, isGuest, poster } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const unlock = useCoinUnlock(dramaId);
  const adUnlock = useAdUnlock(dramaId);
  const adConfig = useAdConfig();
  const adPresent = useAdStore((s) => s.present);
  const cooldown = useAdCooldown(props.serverCooldown, adConfig.data?.cooldown_sec);
  const withinCap = adUnlockWithinCap(unlockCount, unlockCap);
  const action = coinUnlockAction(coins, price);

  const login = () => layerOpeners.open('login');
  // payment opens as a popup or sheet, never a route (spec §2)
  const payment = usePaymentPopup();

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

  const onAdButton = async () => {
    if (isGuest) return login();
    const config = adConfig.data ?? (await adConfig.refetch()).data;
    if (!config) {
      layers.toast(t('contents.msg_ad_no_stock'), 'info');
      return;
    }
    // spec §5: in the app the drama needs this platform's ad tag, else the popup says "No data"
    if (isNativeApp() && !props.adTag?.trim()) {
      layers.alert({ message: t('contents.txt_no_data') });
      return;
    }
    try {
      // On reward the unlock stores last_unlock_time and reloads the drama: the layer closes.
      await watchRewardedAd({
        advrType: 'unlock',
        adUnits: rewardedAdUnits(props.adTag),
        standIn: config.stand_in,
        nativeAdUnit: props.adTag?.trim(),
        userId: props.userId,
        redeem: (logId) => adUnlock.mutateAsync({ epsd, logId }),
      });
    } catch (error) {
      if (isApiError(error) && error.code === ResultCode.EVENT_GUEST_NOT_ALLOWED) return login();
      // refused for a cooldown or cap this page did not know of (another device): show the
      // server's state on the button
      if (
        isApiError(error) &&
        (error.code === ResultCode.AD_UNLOCK_COOLDOWN ||
          error.code === ResultCode.AD_UNLOCK_CAP_REACHED)
      ) {
        void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      }
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('contents.msg_unlock_fail')),
      });
    }
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
            onClick={() => void onAdButton()}
            disabled={adPresent || cooldown > 0 || (!isGuest && !withinCap)}
            data-testid="locked-ad"
          >
            <AdIcon />
            <span>{adPresent ? t('player.ad_loading') : t('player.watch_ad')}</span>
          </Button>
          <p className={styles.adInfo} data-testid="locked-ad-info">
            {cooldown > 0
              ? t('player.ad_cooldown', { time: formatDuration(cooldown) })
              : t('player.ad_count', { count: unlockCount, cap: unlockCap })}
          </p>
          <AutoUnlockOnReach
            dramaId={dramaId}
            epsd={epsd}
            price={price}
            coins={coins}
            active={props.active ?? true}
          />
          <VipOffer compact />
        </div>
      </div>
    </div>
  );
}
