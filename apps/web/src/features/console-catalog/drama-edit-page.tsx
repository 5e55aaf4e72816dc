import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  LANGUAGES,
  MAX_EPISODE_COIN,
  type AdminDramaDetail,
  type AdminEpisode,
  type DramaFormInput,
  type PosterKind,
} from '@snapdrama/contract';
import { fieldErrors } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import type { EpisodeVideoSlot } from '../../shared/console/episode-video-slot';
import { Banner, Button, Card, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { catalogCalls, dramaQuery, dramasQuery, impactQuery } from './catalog-api';
import { scaleMessages } from './catalog-scale-messages';
import { ConfirmDialog } from './confirm-dialog';
import { catalogMessages } from './catalog-messages';
import { DramaForm, emptyForm, formOf } from './drama-form';
import styles from './catalog.module.css';

type Notice = { kind: 'error' | 'success'; text: string } | undefined;

/** /admin/catalog/new: the details form; the rest comes once the drama exists. */
export function DramaNewPage() {
  const t = useConsoleText(catalogMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (form: DramaFormInput) => catalogCalls.create(form),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: dramasQuery.queryKey });
      void navigate(`/admin/catalog/${id}?created=1`, { replace: true });
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <ConsolePage title={t('drama.new_title')}>
      <DramaForm
        initial={emptyForm()}
        submitLabel={t('drama.create')}
        busy={create.isPending}
        errors={errors}
        onSubmit={(form) => {
          setErrors({});
          create.mutate(form);
        }}
      />
    </ConsolePage>
  );
}

/** /admin/catalog/:dramaId — details, posters, publishing and episodes of one drama. */
export function DramaEditPage(props: { videoSlot?: EpisodeVideoSlot }) {
  const t = useConsoleText(catalogMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const dramaId = Number(useParams().dramaId);
  const queryClient = useQueryClient();
  const drama = useQuery({
    ...dramaQuery(dramaId),
    enabled: Number.isInteger(dramaId) && dramaId > 0,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | undefined>(
    new URLSearchParams(window.location.search).has('created') ? t('drama.created') : undefined,
  );

  const store = (detail: AdminDramaDetail) => {
    queryClient.setQueryData(dramaQuery(dramaId).queryKey, detail);
    void queryClient.invalidateQueries({ queryKey: dramasQuery.queryKey });
  };
  const save = useMutation({
    mutationFn: (form: DramaFormInput) => catalogCalls.update(dramaId, form),
    onSuccess: (detail) => {
      store(detail);
      setNotice(t('drama.saved'));
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });

  if (drama.isPending) return <p className={ui.muted}>{common('common.loading')}</p>;
  if (drama.isError) return <Banner kind="error">{drama.error.message}</Banner>;
  const detail = drama.data;

  return (
    <ConsolePage
      title={
        detail.form.title.en
          ? `${t('drama.edit_title')}: ${detail.form.title[lang] || detail.form.title.en}`
          : t('drama.edit_title')
      }
    >
      <PublishCard detail={detail} onChange={store} />
      <DramaForm
        key={detail.id}
        initial={formOf(detail)}
        submitLabel={common('common.save')}
        busy={save.isPending}
        errors={errors}
        notice={notice}
        onSubmit={(form) => {
          setErrors({});
          setNotice(undefined);
          save.mutate(form);
        }}
      />
      <PostersCard detail={detail} onChange={() => void drama.refetch()} />
      <EpisodesCard
        detail={detail}
        onChange={store}
        videoSlot={props.videoSlot}
        reload={() => void drama.refetch()}
      />
    </ConsolePage>
  );
}

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
function PublishCard(props: { detail: AdminDramaDetail; onChange: (d: AdminDramaDetail) => void }) {
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

function PostersCard(props: { detail: AdminDramaDetail; onChange: () => void }) {
  const t = useConsoleText(catalogMessages);
  const [notice, setNotice] = useState<Notice>();
  const upload = useMutation({
    mutationFn: (input: { kind: PosterKind; file: File }) =>
      catalogCalls.poster(props.detail.id, input.kind, input.file),
    onSuccess: () => {
      setNotice({ kind: 'success', text: t('drama.poster_done') });
      props.onChange();
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  const choose = (kind: PosterKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate({ kind, file });
  };
  const poster = (kind: PosterKind, src: string, label: string) => (
    <div className={styles.poster}>
      <span className={ui.label}>{label}</span>
      {src ? (
        <img className={`${styles[kind]}`} src={src} alt={label} />
      ) : (
        <span className={`${styles.posterEmpty} ${styles[kind]}`}>{t('drama.poster_none')}</span>
      )}
      {/* a label, so the hidden file input has the button's words as its name */}
      <label className={`${ui.button} ${styles.fileButton}`}>
        {t('drama.poster_upload')}
        <span className="visually-hidden"> ({label})</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          data-testid={`poster-${kind}`}
          disabled={upload.isPending}
          onChange={choose(kind)}
        />
      </label>
    </div>
  );
  return (
    <Card title={t('drama.posters')}>
      {notice && (
        <div style={{ marginBottom: 12 }}>
          <Banner kind={notice.kind}>{notice.text}</Banner>
        </div>
      )}
      <div className={styles.posters}>
        {poster('vertical', props.detail.posterVertical, t('drama.poster_vertical'))}
        {poster('horizontal', props.detail.posterHorizontal, t('drama.poster_horizontal'))}
      </div>
    </Card>
  );
}

function EpisodesCard(props: {
  detail: AdminDramaDetail;
  onChange: (d: AdminDramaDetail) => void;
  reload: () => void;
  videoSlot?: EpisodeVideoSlot;
}) {
  const t = useConsoleText(catalogMessages);
  const s = useConsoleText(scaleMessages);
  const [count, setCount] = useState('1');
  const [coin, setCoin] = useState('0');
  const [freeFirst, setFreeFirst] = useState('0');
  const [notice, setNotice] = useState<Notice & { episodes?: number }>();
  // a new order remakes the rows: their inputs and messages spoke of the old episodes
  const [orderVersion, setOrderVersion] = useState(0);
  const total = props.detail.episodes.length;
  const add = useMutation({
    mutationFn: () =>
      catalogCalls.addEpisodes(props.detail.id, {
        count: Number(count),
        coin: Number(coin || 0),
        freeFirst: Number(freeFirst || 0),
      }),
    onSuccess: (detail) => {
      setNotice({
        kind: 'success',
        text: s('episodes.added', { count: detail.episodes.length - total }),
        episodes: detail.episodes.length,
      });
      props.onChange(detail);
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  const archived = props.detail.state === 'archived';
  // "added" speaks of the episodes as they were then: gone once the list changes again
  const shown =
    notice && (notice.kind === 'error' || notice.episodes === total) ? notice : undefined;
  return (
    <Card title={t('drama.episodes')}>
      <div className={styles.stack}>
        {shown && <Banner kind={shown.kind}>{shown.text}</Banner>}
        {!archived && (
          <div className={styles.row}>
            <Field label={t('drama.add_count')}>
              <input
                className={`${ui.input} ${styles.price}`}
                type="number"
                min={1}
                max={100}
                name="episodeCount"
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            </Field>
            <Field label={s('episodes.coin')}>
              <input
                className={`${ui.input} ${styles.price}`}
                type="number"
                min={0}
                max={MAX_EPISODE_COIN}
                name="episodeCoin"
                value={coin}
                onChange={(e) => setCoin(e.target.value)}
              />
            </Field>
            <Field label={s('episodes.free_first')}>
              <input
                className={`${ui.input} ${styles.price}`}
                type="number"
                min={0}
                max={100}
                name="freeFirst"
                value={freeFirst}
                onChange={(e) => setFreeFirst(e.target.value)}
              />
            </Field>
            <Button
              onClick={() => add.mutate()}
              disabled={add.isPending}
              data-testid="episodes-add"
            >
              {t('drama.add_episodes')}
            </Button>
          </div>
        )}
        {props.detail.episodes.length === 0 && <p className={ui.muted}>{t('drama.no_episodes')}</p>}
        {total > 1 && (props.detail.state === 'draft' || props.detail.state === 'scheduled') && (
          <EpisodeOrder
            key={`${orderVersion}:${total}`}
            detail={props.detail}
            onChange={(detail) => {
              setOrderVersion((v) => v + 1);
              props.onChange(detail);
            }}
          />
        )}
        <div className={styles.episodes}>
          {props.detail.episodes.map((episode) => (
            <EpisodeRow
              key={`${orderVersion}:${episode.number}`}
              dramaId={props.detail.id}
              episode={episode}
              onChange={props.onChange}
              reload={props.reload}
              videoSlot={props.videoSlot}
            />
          ))}
        </div>
      </div>
    </Card>
  );
}

/** A new order of the episodes, moved with buttons (keyboard and touch alike), saved at once. */
function EpisodeOrder(props: {
  detail: AdminDramaDetail;
  onChange: (d: AdminDramaDetail) => void;
}) {
  const t = useConsoleText(catalogMessages);
  const s = useConsoleText(scaleMessages);
  const original = props.detail.episodes.map((e) => e.number);
  const [order, setOrder] = useState(original);
  const [notice, setNotice] = useState<Notice>();
  const changed = order.some((n, k) => n !== original[k]);
  const save = useMutation({
    mutationFn: () => catalogCalls.reorder(props.detail.id, order),
    onSuccess: (detail) => {
      props.onChange(detail);
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  const move = (index: number, by: -1 | 1) => {
    setNotice(undefined);
    setOrder((current) => {
      const next = [...current];
      const other = index + by;
      const a = next[index];
      const b = next[other];
      if (a === undefined || b === undefined) return current;
      next[index] = b;
      next[other] = a;
      return next;
    });
  };
  return (
    <details className={styles.orderBox} data-testid="episode-order">
      <summary>{s('episodes.order')}</summary>
      <p className={ui.muted}>{s('episodes.order_hint')}</p>
      <ol className={styles.orderList}>
        {order.map((n, index) => (
          <li key={n} className={styles.orderItem} data-testid="episode-order-item">
            <strong>
              {t('episode.n', { n: index + 1 })}
              {n !== index + 1 && <span className={ui.muted}> ({s('episodes.was', { n })})</span>}
            </strong>
            <Button
              aria-label={s('episodes.up', { n: index + 1 })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </Button>
            <Button
              aria-label={s('episodes.down', { n: index + 1 })}
              disabled={index === order.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
          </li>
        ))}
      </ol>
      {changed && <p role="status">{s('episodes.order_changed')}</p>}
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <Button
        variant="primary"
        disabled={!changed || save.isPending}
        onClick={() => save.mutate()}
        data-testid="episode-order-save"
      >
        {s('episodes.save_order')}
      </Button>
    </details>
  );
}

function EpisodeRow(props: {
  dramaId: number;
  episode: AdminEpisode;
  onChange: (d: AdminDramaDetail) => void;
  reload: () => void;
  videoSlot?: EpisodeVideoSlot;
}) {
  const t = useConsoleText(catalogMessages);
  const { episode, dramaId } = props;
  const [free, setFree] = useState(episode.free);
  const [coin, setCoin] = useState(String(episode.coin || ''));
  const [notice, setNotice] = useState<Notice>();
  const save = useMutation({
    mutationFn: () =>
      catalogCalls.updateEpisode(dramaId, episode.number, { free, coin: free ? 0 : Number(coin) }),
    onSuccess: (detail) => {
      setNotice({ kind: 'success', text: t('episode.saved', { n: episode.number }) });
      props.onChange(detail);
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  const subtitles = useMutation({
    mutationFn: async (input: { lang: string; file?: File }) =>
      input.file
        ? catalogCalls.subtitles(dramaId, episode.number, input.lang, await input.file.text())
        : catalogCalls.removeSubtitles(dramaId, episode.number, input.lang),
    onSuccess: (detail) => {
      setNotice({ kind: 'success', text: t('episode.subtitle_saved') });
      props.onChange(detail);
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  const Slot = props.videoSlot;
  return (
    <section className={styles.episode} data-testid={`episode-${episode.number}`}>
      <div className={styles.episodeHead}>
        <strong>{t('episode.n', { n: episode.number })}</strong>
        <div className={styles.row}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="free"
              data-testid="episode-free"
              checked={free}
              onChange={(e) => setFree(e.target.checked)}
            />
            {t('episode.free')}
          </label>
          <input
            className={`${ui.input} ${styles.price}`}
            type="number"
            min={1}
            max={MAX_EPISODE_COIN}
            aria-label={t('episode.price')}
            placeholder={t('episode.price')}
            data-testid="episode-coin"
            disabled={free}
            value={free ? '' : coin}
            onChange={(e) => setCoin(e.target.value)}
          />
          <Button
            onClick={() => save.mutate()}
            disabled={save.isPending}
            data-testid="episode-save"
          >
            {t('episode.save')}
          </Button>
        </div>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <div className={styles.videoBox} data-testid="episode-video">
        <span className={ui.label}>{t('episode.video')}</span>{' '}
        <span className={ui.muted}>
          {episode.hasVideo
            ? t('episode.video_ready', { seconds: Math.round(episode.durationSeconds) })
            : t('episode.video_missing')}
        </span>
        {Slot && (
          <Slot
            dramaId={dramaId}
            episodeNumber={episode.number}
            hasVideo={episode.hasVideo}
            onVideoChanged={props.reload}
          />
        )}
      </div>
      <div className={styles.subs}>
        <span className={ui.label}>{t('episode.subtitles')}:</span>
        <span>
          {episode.subtitleLanguages.length > 0
            ? episode.subtitleLanguages.map((l) => t(`lang.${l as 'ko' | 'en' | 'ja'}`)).join(', ')
            : t('episode.subtitle_none')}
        </span>
        {LANGUAGES.map((lang) => (
          <label key={lang} className={`${ui.button} ${styles.fileButton}`}>
            {t('episode.subtitle_upload', { lang: t(`lang.${lang}`) })}
            <input
              type="file"
              accept=".srt,.vtt,text/vtt,application/x-subrip,text/plain"
              data-testid={`subtitle-${lang}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) subtitles.mutate({ lang, file });
              }}
            />
          </label>
        ))}
        {episode.subtitleLanguages.map((lang) => (
          <Button key={lang} variant="danger" onClick={() => subtitles.mutate({ lang })}>
            {t('episode.subtitle_remove', { lang: t(`lang.${lang as 'ko' | 'en' | 'ja'}`) })}
          </Button>
        ))}
      </div>
    </section>
  );
}
