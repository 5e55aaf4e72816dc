import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error';
import { tokenStore } from '../../shared/api/api';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { leaveToRoot, withdraw } from './account-actions';
import styles from './profile.module.css';

/** Withdrawal popup (spec §4, §5): enabled once the agree box is ticked; success goes to /. */
export function WithdrawalBody() {
  const { t } = useTranslation();
  const user = useUserInfo().data?.user;
  const [agreed, setAgreed] = useState(false);
  const run = useMutation({
    mutationFn: () => layers.whileLoading(withdraw),
    // spec §8 "Account has been deleted": said before the app starts over at /
    onSuccess: () => {
      tokenStore.clear();
      useLayerStore.getState().closePopup();
      layers.alert({ message: t('auth.msg_withdraw_success'), onConfirm: leaveToRoot });
    },
    onError: (error) =>
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('auth.msg_withdraw_fail')),
      }),
  });
  // spec §6: the popup is empty without a member
  if (!user || isGuest(user)) return null;
  return (
    <div className={styles.withdraw} data-testid="withdraw-popup">
      <p className={styles.notice}>{t('withdraw.notice')}</p>
      <label className={styles.agree}>
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="withdraw-agree"
        />
        <span>{t('withdraw.agree')}</span>
      </label>
      <Button
        block
        disabled={!agreed || run.isPending}
        onClick={() => run.mutate()}
        data-testid="withdraw-confirm"
      >
        {t('withdraw.confirm')}
      </Button>
    </div>
  );
}
