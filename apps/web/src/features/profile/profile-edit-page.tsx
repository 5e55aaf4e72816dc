import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { checkNickname, nicknameLength, truncateNickname } from '@snapdrama/rules';
import { errorMessage } from '../../shared/api/api-error';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { isGuest, userInfoQueryKey, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { changeNickname, logout } from './account-actions';
import styles from './profile.module.css';
import { WithdrawalBody } from './withdrawal-popup';

const METHOD_LABEL = {
  google: 'Google',
  kakao: 'Kakao',
  facebook: 'Facebook',
  apple: 'Apple',
  guest: 'Guest',
};

function NicknameForm({ current, onSaved }: { current: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(current);
  // the guide appears once the viewer has typed: an untouched box is not an error
  const [touched, setTouched] = useState(false);
  const problem = checkNickname(value, current);
  const showGuide = touched && problem !== null;
  const save = useMutation({
    mutationFn: changeNickname,
    onSuccess: async () => {
      layers.toast(t('auth.msg_nickname_success'), 'success');
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      onSaved();
    },
    onError: (error) =>
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('auth.msg_nickname_fail')),
      }),
  });

  return (
    <form
      className={styles.nicknameForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) save.mutate(value);
      }}
    >
      <label className={styles.fieldLabel} htmlFor="nickname-input">
        {t('profile_edit.nickname')}
      </label>
      <div className={styles.inputRow}>
        <input
          id="nickname-input"
          className={styles.input}
          value={value}
          autoComplete="off"
          onChange={(e) => {
            setTouched(true);
            setValue(truncateNickname(e.target.value));
          }}
          aria-invalid={showGuide}
          aria-describedby="nickname-guide"
          data-testid="nickname-input"
        />
        <span className={styles.count} data-testid="nickname-counter">
          {t('profile_edit.counter', { n: nicknameLength(value) })}
        </span>
      </div>
      <p
        id="nickname-guide"
        className={styles.guide}
        data-visible={showGuide}
        data-testid="nickname-guide"
      >
        {showGuide ? t('profile_edit.nickname_guide') : ''}
      </p>
      <Button
        type="submit"
        block
        disabled={problem !== null || save.isPending}
        data-testid="nickname-save"
      >
        {t('profile_edit.save')}
      </Button>
    </form>
  );
}

/**
 * Profile edit (spec §2): nickname, login account, logout, withdraw. Mobile shows the list
 * first, then the nickname view; desktop shows both together.
 */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const user = useUserInfo().data?.user;
  const [view, setView] = useState<'list' | 'nickname'>('list');
  const openPopup = useLayerStore((s) => s.openPopup);

  if (!user || isGuest(user)) return <Navigate to="/profile" replace />;

  const openWithdrawal = () =>
    openPopup({
      kind: 'withdrawal',
      title: t('withdraw.title'),
      content: <WithdrawalBody />,
      width: 300,
    });

  const showForm = !isMobile || view === 'nickname';
  const showList = !isMobile || view === 'list';

  return (
    <section className={styles.page} data-testid="profile-edit-page">
      <h1 className={styles.heading}>{t('profile_edit.title')}</h1>
      {showForm && (
        <NicknameForm key={user.ncknm} current={user.ncknm} onSaved={() => setView('list')} />
      )}
      {showList && (
        <ul className={styles.editList}>
          {isMobile && (
            <li>
              <button
                type="button"
                onClick={() => setView('nickname')}
                data-testid="edit-nickname-row"
              >
                <span>{t('profile_edit.nickname')}</span>
                <span className={styles.value}>{user.ncknm} ›</span>
              </button>
            </li>
          )}
          <li>
            <div className={styles.staticRow}>
              <span>{t('profile_edit.login_account')}</span>
              <span className={styles.value} data-testid="login-account">
                {METHOD_LABEL[user.auth_mthd]}
                {user.email ? ` · ${user.email}` : ''}
              </span>
            </div>
          </li>
          <li>
            <button type="button" onClick={() => void logout()} data-testid="logout">
              {t('profile_edit.logout')}
            </button>
          </li>
          <li>
            <button
              type="button"
              className={styles.danger}
              onClick={openWithdrawal}
              data-testid="withdraw-open"
            >
              {t('profile_edit.withdraw')}
            </button>
          </li>
        </ul>
      )}
    </section>
  );
}
