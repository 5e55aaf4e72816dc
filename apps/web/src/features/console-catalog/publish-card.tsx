import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AdminDramaDetail } from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { catalogCalls, impactQuery } from './catalog-api';
import { scaleMessages } from './catalog-scale-messages';
import { ConfirmDialog } from './confirm-dialog';
import { catalogMessages } from './catalog-messages';
import styles from './catalog.module.css';

type StateNotice = { kind: 'error' | 'success'; text: string; state?: AdminDramaDetail['state'] };

/** `datetime-local` value of an ISO time, in the operator's zone. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/**
 * Publishing (decision 1540): publish, schedule, unpublish and archive (both confirmed with what
 * they take from viewers), restore. A success message shows only while the drama is still in the
 * state it speaks of, so it never outlives the change it reports.
 */
export function PublishCard(props: {
  detail: AdminDramaDetail;
  onChange: (d: AdminDramaDetail) => void;
}) {
  const t = useConsoleText(catalogMessages);
  const s = useConsoleText(scaleMessages);
  const lang = useConsoleLanguage();
  const { detail } = props;
  const [notice, setNotice] = useState<StateNotice>();
  const [confirming, setConfirming] = useState<'unpublish' | 'archive' | null>(null);
  const [when, setWhen] = useState(detail.publishAt ? localInput(detail.publishAt) : '');
  const time = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const impact = useQuery({ ...impactQuery(detail.id), enabled: confirming !== null });
  const act = useMutation({
    mutationFn: async (
      action:
        | { kind: 'publish' | 'unpublish' | 'archive' | 'restore' | 'cancel' }
        | { kind: 'schedule'; at: string },
    ) => {
      switch (action.kind) {
        case 'publish':
          return catalogCalls.publish(detail.id, true);
        case 'unpublish':
          return catalogCalls.publish(detail.id, false);
        case 'archive':
          return catalogCalls.archive(detail.id);
        case 'restore':
          return catalogCalls.restore(detail.id);
        case 'cancel':
          return catalogCalls.schedule(detail.id, null);
        case 'schedule':
          return catalogCalls.schedule(detail.id, action.at);
      }
    },
    onSuccess: (updated, action) => {
      setConfirming(null);
      const text = {
        publish: s('publish.published_now'),
        unpublish: s('publish.unpublished_now'),
        archive: s('publish.archived_now'),
        restore: s('publish.restored_now'),
        cancel: s('publish.schedule_cancelled'),
        schedule: updated.publishAt
          ? s('publish.scheduled', { time: time(updated.publishAt) })
          : '',
      }[action.kind];
      setNotice({ kind: 'success', text, state: updated.state });
      if (updated.publishAt) setWhen(localInput(updated.publishAt));
      props.onChange(updated);
    },
    onError: (error) => {
      setConfirming(null);
      setNotice({ kind: 'error', text: error.message });
    },
  });
  const state = detail.state;
  const badge = {
    published: [styles.on, t('catalog.published')],
    draft: [styles.off, t('catalog.draft')],
    scheduled: [styles.scheduled, s('list.state_scheduled')],
    archived: [styles.archived, s('state.archived')],
  }[state];
  const explanation =
    state === 'published'
      ? t('drama.is_published')
      : state === 'archived'
        ? s('publish.is_archived')
        : state === 'scheduled' && detail.publishAt
          ? s('publish.is_scheduled', { time: time(detail.publishAt) })
          : t('drama.is_draft');
  // a success message speaks of one state; an error stays until the next action
  const shown = notice && (notice.kind === 'error' || notice.state === state) ? notice : undefined;
  const busy = act.isPending;
  return (
    <Card title={t('drama.publishing')}>
      <div className={styles.stack}>
        <div className={styles.row}>
          <span
            className={`${styles.badge} ${badge[0]}`}
            data-testid="drama-status"
            data-state={state}
          >
            {badge[1]}
          </span>
          <span className={ui.muted} data-testid="drama-state-text">
            {explanation}
          </span>
        </div>
        <div className={styles.row}>
          {(state === 'draft' || state === 'scheduled') && (
            <Button
              variant="primary"
              disabled={busy}
              data-testid="drama-publish"
              onClick={() => act.mutate({ kind: 'publish' })}
            >
              {t('drama.publish')}
            </Button>
          )}
          {state === 'published' && (
            <Button
              variant="danger"
              disabled={busy}
              data-testid="drama-publish"
              onClick={() => setConfirming('unpublish')}
            >
              {t('drama.unpublish')}
            </Button>
          )}
          {state === 'scheduled' && (
            <Button
              disabled={busy}
              data-testid="drama-schedule-cancel"
              onClick={() => act.mutate({ kind: 'cancel' })}
            >
              {s('publish.schedule_cancel')}
            </Button>
          )}
          {state !== 'archived' && (
            <Button
              variant="danger"
              disabled={busy}
              data-testid="drama-archive"
              onClick={() => setConfirming('archive')}
            >
              {s('publish.archive')}
            </Button>
          )}
          {state === 'archived' && (
            <Button
              disabled={busy}
              data-testid="drama-restore"
              onClick={() => act.mutate({ kind: 'restore' })}
            >
              {s('publish.restore')}
            </Button>
          )}
        </div>
        {(state === 'draft' || state === 'scheduled') && (
          <form
            className={styles.row}
            onSubmit={(event) => {
              event.preventDefault();
              if (when) act.mutate({ kind: 'schedule', at: new Date(when).toISOString() });
            }}
          >
            <Field label={s('publish.schedule_label')}>
              <input
                className={ui.input}
                type="datetime-local"
                step={1}
                name="publishAt"
                data-testid="drama-schedule-at"
                value={when}
                onChange={(e) => setWhen(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={busy || !when} data-testid="drama-schedule">
              {s('publish.schedule')}
            </Button>
          </form>
        )}
        {shown && (
          <Banner kind={shown.kind}>
            <span data-testid="publish-notice">{shown.text}</span>
          </Banner>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        testId="confirm-dialog"
        title={s(confirming === 'archive' ? 'confirm.archive_title' : 'confirm.unpublish_title')}
        confirmLabel={s(confirming === 'archive' ? 'confirm.archive_yes' : 'confirm.unpublish_yes')}
        cancelLabel={s('confirm.cancel')}
        busy={busy || impact.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => act.mutate({ kind: confirming === 'archive' ? 'archive' : 'unpublish' })}
      >
        <p>{s(confirming === 'archive' ? 'confirm.archive_body' : 'confirm.unpublish_body')}</p>
        {impact.isError && <Banner kind="error">{impact.error.message}</Banner>}
        <p className={styles.impact} data-testid="confirm-impact" aria-live="polite">
          {impact.data
            ? s('confirm.impact', {
                unlocks: impact.data.viewersWithUnlocks.toLocaleString(lang),
                bookmarks: impact.data.bookmarks.toLocaleString(lang),
              })
            : s('confirm.impact_loading')}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
