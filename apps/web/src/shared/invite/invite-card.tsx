import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/number';
import { layers } from '../layers/layer-store';
import { Button } from '../ui/button';
import { copyToClipboard } from './copy-text';
import { inviteLink, useMyInvite } from './invite-api';
import styles from './invite-card.module.css';

/** The profile's invite block: code, link, copy and share, friends joined and rewarded. */
export function InviteCard() {
  const { t } = useTranslation();
  const invite = useMyInvite().data;
  if (!invite) return null;
  const link = inviteLink(invite.invtPath);

  const copy = async (text: string) => {
    const done = await copyToClipboard(text);
    layers.toast(done ? t('invite.copied') : t('invite.copy_fail'), done ? 'success' : 'failure');
  };
  const share = () => {
    const text = t('invite.share_text', { count: invite.inviteeCoin });
    if (typeof navigator.share === 'function') {
      navigator.share({ title: t('invite.title'), text, url: link }).catch(() => undefined);
    } else {
      void copy(link);
    }
  };
  const offer =
    invite.qualifyingEvent === 'first_purchase'
      ? 'invite.offer_first_purchase'
      : 'invite.offer_first_episode';

  return (
    <section className={styles.card} aria-labelledby="invite-title" data-testid="profile-invite">
      <h2 id="invite-title" className={styles.title}>
        {t('invite.title')}
      </h2>
      <p className={styles.offer}>
        {invite.enabled
          ? t(offer, {
              inviter: formatNumber(invite.inviterCoin),
              invitee: formatNumber(invite.inviteeCoin),
            })
          : t('invite.paused')}
      </p>
      <dl className={styles.fields}>
        <div>
          <dt>{t('invite.code_label')}</dt>
          {/* a code and a link: the same in every language, never translated */}
          <dd className={styles.code} data-testid="invite-code" translate="no">
            {invite.invtCd}
          </dd>
        </div>
        <div>
          <dt>{t('invite.link_label')}</dt>
          <dd className={styles.link} data-testid="invite-link" translate="no">
            {link}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void copy(invite.invtCd)}
          data-testid="invite-copy-code"
        >
          {t('invite.copy_code')}
        </Button>
        <Button variant="secondary" onClick={() => void copy(link)} data-testid="invite-copy-link">
          {t('invite.copy_link')}
        </Button>
        <Button onClick={share} data-testid="invite-share">
          {t('invite.share')}
        </Button>
      </div>
      <p className={styles.counts} data-testid="invite-counts">
        {t('invite.counts', {
          joined: formatNumber(invite.joinedCnt),
          rewarded: formatNumber(invite.rewardedCnt),
        })}
      </p>
    </section>
  );
}
