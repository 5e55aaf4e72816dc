import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ResultCode } from '@snapdrama/contract';
import { isApiError } from '../../shared/api/api-error';
import { formatNumber } from '../../shared/format/number';
import { useInviteOffer } from '../../shared/invite/invite-api';
import { rememberInvite } from '../../shared/invite/pending-invite';
import { requestLogin } from '../../shared/session/login-request';
import { isGuest, useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import styles from './invite-landing-page.module.css';

/**
 * /invite/{code} (decision 1510): what the friend gets, in the reader's language, and the way to
 * sign in; the code is kept for the join. An unknown code: a page that says so.
 */
export function InviteLandingPage() {
  const { t } = useTranslation();
  const code = (useParams().code ?? '').toUpperCase();
  const valid = /^[0-9A-Z]{1,32}$/.test(code);
  const offer = useInviteOffer(valid ? code : '');
  const user = useUserInfo().data?.user;
  const member = Boolean(user) && !isGuest(user);
  const data = valid ? offer.data : undefined;

  useEffect(() => {
    if (data && !member) rememberInvite(data.invtCd);
  }, [data, member]);

  const invalid =
    !valid ||
    (offer.isError && isApiError(offer.error) && offer.error.code === ResultCode.INVITE_NOT_FOUND);
  if (invalid) {
    return (
      <section className={styles.page} data-testid="invite-invalid">
        <h1 className={styles.title}>{t('invite.invalid_title')}</h1>
        <p className={styles.body}>{t('invite.invalid_body')}</p>
        <Link to="/" className={styles.primary}>
          {t('invite.landing_browse')}
        </Link>
      </section>
    );
  }
  if (!data) {
    return (
      <section className={styles.page} data-testid="invite-landing-loading">
        {offer.isError ? <p className={styles.body}>{t('contents.msg_info_fail')}</p> : <Spinner />}
      </section>
    );
  }
  const offerKey =
    data.qualifyingEvent === 'first_purchase'
      ? 'invite.landing_offer_first_purchase'
      : 'invite.landing_offer_first_episode';

  return (
    <section className={styles.page} data-testid="invite-landing">
      <div className={styles.coin} aria-hidden="true">
        +{formatNumber(data.inviteeCoin)}
      </div>
      <h1 className={styles.title}>{t('invite.landing_title')}</h1>
      <p className={styles.body} data-testid="invite-offer">
        {data.enabled
          ? t(offerKey, { count: data.inviteeCoin, formatted: formatNumber(data.inviteeCoin) })
          : t('invite.paused')}
      </p>
      <p className={styles.code}>{t('invite.landing_code', { code: data.invtCd })}</p>
      {member ? (
        <>
          <p className={styles.body} data-testid="invite-member">
            {t('invite.landing_member')}
          </p>
          <Link to="/" className={styles.primary}>
            {t('invite.landing_browse')}
          </Link>
        </>
      ) : (
        <div className={styles.actions}>
          <Button block onClick={requestLogin} data-testid="invite-sign-in">
            {t('invite.landing_cta')}
          </Button>
          <Link to="/" className={styles.secondary}>
            {t('invite.landing_browse')}
          </Link>
        </div>
      )}
    </section>
  );
}
