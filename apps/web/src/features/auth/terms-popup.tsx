import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialMethod } from '@snapdrama/contract';
import {
  canSignUp,
  combinedConsentFlag,
  isAllAgreed,
  setAllConsent,
  type SignUpConsent,
} from '@snapdrama/rules';
import { errorMessage } from '../../shared/api/api-error';
import { PRIVACY_URL, TERMS_URL } from '../../shared/config/links';
import { layers } from '../../shared/layers/layer-store';
import { Button } from '../../shared/ui/button';
import { joinWithTicket } from './api/social-auth';
import { forgetInvite, pendingInvite } from '../../shared/invite/pending-invite';
import { forgetShareLanding, pendingShareLanding } from '../../shared/share/share-landing';
import styles from './terms-popup.module.css';

const yn = (on: boolean) => (on ? 'Y' : 'N');

const ITEMS = [
  { key: 'age14', label: 'terms.age14', link: null },
  { key: 'terms', label: 'terms.service', link: TERMS_URL },
  { key: 'privacy', label: 'terms.privacy', link: PRIVACY_URL },
  { key: 'alarm', label: 'terms.alarm', link: null },
] as const;

/**
 * Sign-up consent (spec §2, §5): four toggles plus agree-all. Sign-up needs age 14+, terms and
 * privacy; the combined flag is Y only when all four are on.
 */
export function TermsAgreement({
  method,
  ticket,
  onJoined,
}: {
  method: SocialMethod;
  ticket: string;
  onJoined: (accessToken: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState<SignUpConsent>(setAllConsent(false));
  const [busy, setBusy] = useState(false);

  const toggle = (key: keyof SignUpConsent) => setConsent((c) => ({ ...c, [key]: !c[key] }));

  const signUp = async () => {
    setBusy(true);
    // the code of an invite page opened before (decision 1510)
    const invite = pendingInvite();
    // a landing through a shared episode link before (decision 1606; the invite wins on the server)
    const landing = pendingShareLanding();
    try {
      const { access_token } = await joinWithTicket({
        authMthd: method,
        authId: ticket,
        infoAgreeYn: combinedConsentFlag(consent),
        ageAgreeYn: yn(consent.age14),
        termsAgreeYn: yn(consent.terms),
        privacyAgreeYn: yn(consent.privacy),
        alarmAgreeYn: yn(consent.alarm),
        ...(invite ? { invtCd: invite } : {}),
        ...(landing ? { lndgFrom: landing } : {}),
      });
      forgetInvite();
      forgetShareLanding();
      await onJoined(access_token);
    } catch (error) {
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('auth.msg_join_fail')),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.terms} data-testid="terms-popup">
      <label className={`${styles.row} ${styles.all}`}>
        <input
          type="checkbox"
          checked={isAllAgreed(consent)}
          onChange={(e) => setConsent(setAllConsent(e.target.checked))}
          data-testid="terms-agree-all"
        />
        <span>{t('terms.agree_all')}</span>
      </label>
      <ul className={styles.list}>
        {ITEMS.map((item) => (
          <li key={item.key} className={styles.row}>
            <label className={styles.label}>
              <input
                type="checkbox"
                checked={consent[item.key]}
                onChange={() => toggle(item.key)}
                data-testid={`terms-${item.key}`}
              />
              <span>{t(item.label)}</span>
            </label>
            {item.link && (
              <a className={styles.view} href={item.link} target="_blank" rel="noopener noreferrer">
                {t('terms.view')}
              </a>
            )}
          </li>
        ))}
      </ul>
      <Button
        block
        disabled={!canSignUp(consent) || busy}
        onClick={() => void signUp()}
        data-testid="terms-sign-up"
      >
        {t('terms.sign_up')}
      </Button>
    </div>
  );
}
