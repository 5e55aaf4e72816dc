import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ECONOMY_LIMITS, type ViewerSuspension } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { viewersMessages } from './viewers-messages';
import styles from './viewers.module.css';

/** A datetime-local value (the operator's local time) as an ISO instant; undefined when empty. */
function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * Suspend a viewer with a reason until a date or until lifted, or lift the suspension in force.
 * The messages say what the server answered (the state now), not what was asked.
 */
export function ViewerSuspensionCard(props: {
  userId: string;
  suspension: ViewerSuspension | null;
}) {
  const t = useConsoleText(viewersMessages);
  const lang = useConsoleLanguage();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [indefinite, setIndefinite] = useState(true);
  const [until, setUntil] = useState('');
  const [confirming, setConfirming] = useState(false);
  // a success text with the state it describes: shown only while that is still the state (the
  // page refetched after another operator's change, a suspension that ended by its date)
  const [done, setDone] = useState<{ text: string; state: string }>();
  const stateOf = (x: ViewerSuspension | null) => (x ? `${x.since}|${x.until ?? ''}` : 'none');
  const message = done && done.state === stateOf(props.suspension) ? done.text : undefined;
  const setMessage = (text: string | undefined, state?: ViewerSuspension | null) =>
    setDone(text === undefined ? undefined : { text, state: stateOf(state ?? null) });
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['console', 'viewer', props.userId] });
  const suspend = useMutation({
    mutationFn: () =>
      consoleApi.put<{ suspension: ViewerSuspension }>(`/viewers/${props.userId}/suspension`, {
        reason,
        until: indefinite ? null : (localToIso(until) ?? null),
      }),
    onMutate: () => setMessage(undefined),
    onSuccess: async (r) => {
      setMessage(
        r.suspension.until
          ? t('suspend.done_until', { until: when(r.suspension.until) })
          : t('suspend.done_indefinite'),
        r.suspension,
      );
      setReason('');
      setUntil('');
      setConfirming(false);
      await refresh();
    },
  });
  const lift = useMutation({
    mutationFn: () => consoleApi.delete<unknown>(`/viewers/${props.userId}/suspension`),
    onMutate: () => setMessage(undefined),
    onSuccess: async () => {
      setMessage(t('suspend.lifted'), null);
      await refresh();
    },
  });
  const untilIso = localToIso(until);
  const valid = reason.trim().length >= 2 && (indefinite || untilIso !== undefined);
  const [pastEnd, setPastEnd] = useState(false);
  const current = props.suspension;
  const error = suspend.error ?? lift.error;

  return (
    <Card title={t('suspend.title')}>
      <div className={styles.coinForm} data-testid="viewer-suspension">
        {current ? (
          <div className={styles.suspended} role="status" data-testid="viewer-suspended">
            <strong>
              {current.until
                ? t('suspend.state_until', { until: when(current.until) })
                : t('suspend.state_indefinite')}
            </strong>
            <span>{t('suspend.state_reason', { reason: current.reason })}</span>
            <span className={ui.muted}>
              {t('suspend.state_since', { since: when(current.since) })}
            </span>
            <Button
              variant="primary"
              disabled={lift.isPending}
              onClick={() => lift.mutate()}
              data-testid="viewer-lift"
            >
              {t('suspend.lift')}
            </Button>
          </div>
        ) : (
          <p className={ui.muted} style={{ margin: 0 }} data-testid="viewer-active">
            {t('suspend.state_active')}
          </p>
        )}
        <form
          className={styles.coinForm}
          onSubmit={(e) => {
            e.preventDefault();
            // an end already past is refused here as the server would (400)
            const past =
              !indefinite && untilIso !== undefined && Date.parse(untilIso) <= Date.now();
            setPastEnd(past);
            if (valid && !past) setConfirming(true);
          }}
        >
          <Field label={t('suspend.reason')}>
            <input
              className={ui.input}
              value={reason}
              maxLength={ECONOMY_LIMITS.reasonLength}
              onChange={(e) => {
                setReason(e.target.value);
                setConfirming(false);
              }}
              data-testid="viewer-suspend-reason"
            />
          </Field>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={indefinite}
              onChange={(e) => {
                setIndefinite(e.target.checked);
                setConfirming(false);
              }}
              data-testid="viewer-suspend-indefinite"
            />
            {t('suspend.indefinite')}
          </label>
          {!indefinite && (
            <Field label={t('suspend.until')} error={pastEnd ? t('suspend.until_past') : undefined}>
              <input
                className={ui.input}
                type="datetime-local"
                value={until}
                onChange={(e) => {
                  setUntil(e.target.value);
                  setConfirming(false);
                }}
                data-testid="viewer-suspend-until"
              />
            </Field>
          )}
          {!confirming ? (
            <Button
              type="submit"
              variant="danger"
              disabled={!valid || suspend.isPending}
              data-testid="viewer-suspend"
            >
              {current ? t('suspend.replace') : t('suspend.do')}
            </Button>
          ) : (
            <div className={styles.confirm} role="group">
              <p style={{ margin: 0 }}>{t('suspend.confirm')}</p>
              <div className={styles.tags}>
                <Button
                  variant="danger"
                  disabled={suspend.isPending}
                  onClick={() => suspend.mutate()}
                  data-testid="viewer-suspend-confirm"
                >
                  {current ? t('suspend.replace') : t('suspend.do')}
                </Button>
                <Button onClick={() => setConfirming(false)}>{t('suspend.cancel')}</Button>
              </div>
            </div>
          )}
        </form>
        {error && <Banner kind="error">{error.message}</Banner>}
        {message && <Banner kind="success">{message}</Banner>}
      </div>
    </Card>
  );
}
