import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageKey } from '@snapdrama/contract';
import type { AgeGate as AgeGateState } from '@snapdrama/rules';
import { errorMessage } from '../../../shared/api/api-error';
import { useFocusTrap } from '../../../shared/hooks/use-focus-trap';
import { layerOpeners } from '../../../shared/layers/layer-openers';
import { layers } from '../../../shared/layers/layer-store';
import { Button } from '../../../shared/ui/button';
import { RatingBadge } from '../../../shared/ui/rating-badge';
import { beginIdentityCheck } from '../api/identity-check';
import styles from './age-gate.module.css';
import frame from './locked-episode.module.css';

const MESSAGES: Record<Exclude<AgeGateState, 'open'>, MessageKey> = {
  sign_in: 'age_gate.msg_sign_in',
  verify: 'age_gate.msg_verify',
  minor: 'age_gate.msg_minor',
};

/**
 * The age gate (issue 40 item 4, decision 1490): in place of the video of an 18/19-rated drama,
 * for a guest (log in), a member without an adult check (verify, then back to this episode) or
 * a member under 19 (other dramas). It holds the focus as the other layers do; no video or
 * signed URL was asked for, and no poster or frame of the drama is drawn behind it (the locked
 * layer's blurred poster would show the drama to the viewer it is kept from).
 */
export function AgeGate({
  gate,
  ageRate,
  dramaId,
  epsd,
}: {
  gate: Exclude<AgeGateState, 'open'>;
  ageRate: string;
  dramaId: number;
  epsd: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRef<HTMLElement>(null);
  const titleId = useId();
  const messageId = useId();
  useFocusTrap(root, gate);

  const verify = () =>
    beginIdentityCheck(`/${dramaId}/${epsd}`).catch((error: unknown) =>
      layers.alert({
        title: t('error_popup.title'),
        message: errorMessage(error, t('age_gate.msg_fail')),
      }),
    );

  return (
    <section
      ref={root}
      className={frame.root}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      data-testid="age-gate"
      data-gate={gate}
    >
      <div className={`${frame.content} ${styles.panel}`}>
        <RatingBadge ageRate={ageRate} size="large" />
        <h2 className={styles.title} id={titleId}>
          {t('age_gate.title')}
        </h2>
        <p className={styles.message} id={messageId} data-testid="age-gate-message">
          {t(MESSAGES[gate])}
        </p>
        <div className={frame.actions}>
          {gate === 'sign_in' && (
            <Button block onClick={() => layerOpeners.open('login')} data-testid="age-gate-login">
              {t('age_gate.sign_in')}
            </Button>
          )}
          {gate === 'verify' && (
            <Button block onClick={() => void verify()} data-testid="age-gate-verify">
              {t('age_gate.verify')}
            </Button>
          )}
          <Button
            block
            variant="secondary"
            onClick={() => void navigate('/')}
            data-testid="age-gate-browse"
          >
            {t('age_gate.browse')}
          </Button>
        </div>
        {gate !== 'minor' && <p className={styles.note}>{t('age_gate.note')}</p>}
      </div>
    </section>
  );
}
