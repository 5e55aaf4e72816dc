import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_KINDS, type MessageKey, type PushKind } from '@snapdrama/contract';
import { errorMessage } from '../../shared/api/api-error';
import { layers } from '../../shared/layers/layer-store';
import {
  disablePush,
  permissionDenied,
  pushSupport,
  savedSubscription,
  updatePushChoices,
} from '../../shared/push/push-client';
import { turnOnReminders } from '../../shared/push/push-offer';
import toggle from '../../shared/wallet/auto-unlock-toggle.module.css';
import styles from './push-settings.module.css';

const KIND_LABELS: Record<PushKind, MessageKey> = {
  new_episode: 'push.kind_new_episode',
  coin_expiry: 'push.kind_coin_expiry',
  attendance_streak: 'push.kind_attendance_streak',
};

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Reminders in settings (decision 1520): turn them on, the switch of each kind, quiet hours in the
 * viewer's own time, and turning every reminder off in one tap.
 */
export function PushSettings() {
  const { t, i18n } = useTranslation();
  const [subscription, setSubscription] = useState(savedSubscription);
  const [busy, setBusy] = useState(false);
  const support = pushSupport();
  const hourLabel = (h: number) =>
    new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(
      new Date(2026, 0, 1, h, 0),
    );

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      layers.toast(errorMessage(error, t('contents.msg_fail')), 'failure');
    } finally {
      setBusy(false);
    }
  };

  const save = (patch: Parameters<typeof updatePushChoices>[0]) =>
    run(async () => {
      const next = await updatePushChoices(patch);
      if (next) {
        setSubscription(next);
        layers.toast(t('push.saved'), 'success');
      }
    });

  if (support === 'none') {
    return (
      <section className={styles.section} aria-labelledby="push-settings-title">
        <h2 id="push-settings-title" className={styles.title}>
          {t('push.settings_title')}
        </h2>
        <p className={styles.note}>{t('push.unsupported')}</p>
      </section>
    );
  }

  return (
    <section
      className={styles.section}
      aria-labelledby="push-settings-title"
      data-testid="push-settings"
    >
      <h2 id="push-settings-title" className={styles.title}>
        {t('push.settings_title')}
      </h2>
      {!subscription ? (
        <>
          {permissionDenied() && <p className={styles.note}>{t('push.denied')}</p>}
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            data-testid="push-enable"
            onClick={() =>
              void run(async () => {
                if (await turnOnReminders()) setSubscription(savedSubscription());
              })
            }
          >
            {t('push.enable')}
          </button>
        </>
      ) : (
        <>
          <ul className={styles.kinds}>
            {PUSH_KINDS.map((kind) => (
              <li key={kind}>
                <label className={toggle.row}>
                  <span className={toggle.text}>
                    <strong>{t(KIND_LABELS[kind])}</strong>
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    className={toggle.switch}
                    checked={subscription.kinds.includes(kind)}
                    disabled={busy}
                    data-testid={`push-kind-${kind}`}
                    onChange={(e) =>
                      void save({
                        kinds: e.target.checked
                          ? [...subscription.kinds, kind]
                          : subscription.kinds.filter((k) => k !== kind),
                      })
                    }
                  />
                </label>
              </li>
            ))}
          </ul>
          <fieldset className={styles.quiet}>
            <legend>{t('push.quiet_hours')}</legend>
            <label>
              <span>{t('push.quiet_start')}</span>
              <select
                value={Math.floor(subscription.quietStart / 60)}
                disabled={busy}
                data-testid="push-quiet-start"
                onChange={(e) => void save({ quietStart: Number(e.target.value) * 60 })}
              >
                {HOURS.map((h) => (
                  <option key={h} value={h}>
                    {hourLabel(h)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('push.quiet_end')}</span>
              <select
                value={Math.floor(subscription.quietEnd / 60)}
                disabled={busy}
                data-testid="push-quiet-end"
                onChange={(e) => void save({ quietEnd: Number(e.target.value) * 60 })}
              >
                {HOURS.map((h) => (
                  <option key={h} value={h}>
                    {hourLabel(h)}
                  </option>
                ))}
              </select>
            </label>
            <p className={styles.note}>{t('push.quiet_note')}</p>
          </fieldset>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            data-testid="push-unsubscribe"
            onClick={() =>
              void run(async () => {
                await disablePush();
                setSubscription(null);
                layers.toast(t('push.disabled'), 'success');
              })
            }
          >
            {t('push.unsubscribe')}
          </button>
        </>
      )}
    </section>
  );
}
