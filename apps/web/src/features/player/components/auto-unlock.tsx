import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { ResultCode, type AutoUnlockData, type AutoUnlockUndoData } from '@snapdrama/contract';
import { AUTO_UNLOCK_UNDO_MS } from '@snapdrama/rules';
import { api } from '../../../shared/api/api';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { formatNumber } from '../../../shared/format/number';
import { layers } from '../../../shared/layers/layer-store';
import { userInfoQueryKey } from '../../../shared/session/user-info';
import { AutoUnlockToggle } from '../../../shared/wallet/auto-unlock-toggle';
import { useAutoUnlockSetting } from '../../../shared/wallet/auto-unlock-setting';
import { dramaInfoQueryKey } from '../api/playback';
import { CoinIcon } from './player-icons';
import styles from './auto-unlock.module.css';

interface Notice {
  autoUnlockId: string;
  dramaId: number;
  epsd: number;
  coins: number;
  /** when the undo button goes away (this page's clock; the server decides with its own) */
  until: number;
}

interface AutoUnlockState {
  notice: Notice | undefined;
  /** episodes (dramaId:epsd) not to auto-unlock again on this page: undone or refused */
  skip: ReadonlySet<string>;
  show: (notice: Notice) => void;
  clear: () => void;
  skipEpisode: (dramaId: number, epsd: number) => void;
}

const keyOf = (dramaId: number, epsd: number) => `${dramaId}:${epsd}`;

const useAutoUnlockStore = create<AutoUnlockState>()((set) => ({
  notice: undefined,
  skip: new Set(),
  show: (notice) => set({ notice }),
  clear: () => set({ notice: undefined }),
  skipEpisode: (dramaId, epsd) =>
    set((s) => ({ skip: new Set([...s.skip, keyOf(dramaId, epsd)]) })),
}));

/**
 * On the locked-episode layer: the auto-unlock switch, and when it is on and the coins cover the
 * price, the unlock itself as soon as the viewer reaches the episode (the active slide only, never
 * a preloaded neighbour). The server unlocks only if the setting is on (issue 16 item 2).
 */
export function AutoUnlockOnReach(props: {
  dramaId: number;
  epsd: number;
  price: number;
  coins: number;
  active: boolean;
}) {
  const { dramaId, epsd, price, coins, active } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { member, enabled } = useAutoUnlockSetting();
  const skip = useAutoUnlockStore((s) => s.skip.has(keyOf(dramaId, epsd)));
  const tried = useRef(false);
  const unlock = useMutation({
    mutationFn: () =>
      layers.whileLoading(() =>
        api.post<AutoUnlockData>('/drama/episode/unlock/auto', { dramId: dramaId, epsd }),
      ),
  });

  useEffect(() => {
    if (!active || !member || !enabled || skip || coins < price || price <= 0) return;
    if (tried.current) return;
    tried.current = true;
    const store = useAutoUnlockStore.getState();
    unlock.mutate(undefined, {
      onSuccess: (data) => {
        if (data.auto_unlock_id && data.usag_coin > 0) {
          store.show({
            autoUnlockId: data.auto_unlock_id,
            dramaId,
            epsd,
            coins: data.usag_coin,
            until: Date.now() + AUTO_UNLOCK_UNDO_MS,
          });
        }
        void queryClient.invalidateQueries({ queryKey: dramaInfoQueryKey(dramaId) });
        void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      },
      onError: (error) => {
        // the layer stays with its buttons; no second try on this page
        store.skipEpisode(dramaId, epsd);
        if (isApiError(error) && error.code === ResultCode.INSUFFICIENT_COINS) return;
        layers.toast(errorMessage(error, t('auto_unlock.failed')), 'failure');
      },
    });
  }, [active, member, enabled, skip, coins, price, dramaId, epsd, unlock, queryClient, t]);

  if (!member) return null;
  return <AutoUnlockToggle compact />;
}

/** The notice after an auto-unlock: the price spent and an undo for 10 seconds. */
export function AutoUnlockNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notice = useAutoUnlockStore((s) => s.notice);
  const [now, setNow] = useState(() => Date.now());
  const undo = useMutation({
    mutationFn: (n: Notice) =>
      layers.whileLoading(() =>
        api.post<AutoUnlockUndoData>('/drama/episode/unlock/undo', {
          autoUnlockId: n.autoUnlockId,
        }),
      ),
  });

  useEffect(() => {
    if (!notice) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= notice.until) useAutoUnlockStore.getState().clear();
    }, 250);
    return () => window.clearInterval(timer);
  }, [notice]);

  if (!notice) return null;
  const seconds = Math.max(0, Math.ceil((notice.until - now) / 1000));

  const onUndo = () => {
    const store = useAutoUnlockStore.getState();
    undo.mutate(notice, {
      onSuccess: (data) => {
        store.skipEpisode(notice.dramaId, notice.epsd);
        store.clear();
        layers.toast(t('auto_unlock.undone', { coins: formatNumber(data.rfnd_coin) }), 'success');
        void queryClient.invalidateQueries({ queryKey: dramaInfoQueryKey(notice.dramaId) });
        void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      },
      onError: (error) => {
        store.clear();
        const key =
          isApiError(error) && error.code === ResultCode.AUTO_UNLOCK_UNDO_EXPIRED
            ? 'auto_unlock.undo_expired'
            : isApiError(error) && error.code === ResultCode.AUTO_UNLOCK_UNDO_WATCHED
              ? 'auto_unlock.undo_watched'
              : undefined;
        layers.toast(key ? t(key) : errorMessage(error, t('contents.msg_fail')), 'info');
      },
    });
  };

  return (
    <div className={styles.notice} role="status" data-testid="auto-unlock-notice">
      <CoinIcon />
      <span className={styles.text} data-testid="auto-unlock-notice-text">
        {t('auto_unlock.notice', { n: notice.epsd, coins: formatNumber(notice.coins) })}
      </span>
      <button
        type="button"
        className={styles.undo}
        onClick={onUndo}
        disabled={undo.isPending}
        data-testid="auto-unlock-undo"
      >
        {t('auto_unlock.undo')} <span className={styles.seconds}>{seconds}</span>
      </button>
    </div>
  );
}
