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
import { catalogCalls, dramaQuery, dramasQuery } from './catalog-api';
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

function PublishCard(props: { detail: AdminDramaDetail; onChange: (d: AdminDramaDetail) => void }) {
  const t = useConsoleText(catalogMessages);
  const [notice, setNotice] = useState<Notice>();
  const publish = useMutation({
    mutationFn: (published: boolean) => catalogCalls.publish(props.detail.id, published),
    onSuccess: (detail) => {
      setNotice(undefined);
      props.onChange(detail);
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  const published = props.detail.published;
  return (
    <Card title={t('drama.publishing')}>
      <div className={styles.row}>
        <span
          className={`${styles.badge} ${published ? styles.on : styles.off}`}
          data-testid="drama-status"
        >
          {published ? t('catalog.published') : t('catalog.draft')}
        </span>
        <span className={ui.muted}>
          {published ? t('drama.is_published') : t('drama.is_draft')}
        </span>
        <Button
          variant={published ? 'danger' : 'primary'}
          disabled={publish.isPending}
          data-testid="drama-publish"
          onClick={() => publish.mutate(!published)}
        >
          {published ? t('drama.unpublish') : t('drama.publish')}
        </Button>
      </div>
      {notice && (
        <div style={{ marginTop: 12 }}>
          <Banner kind={notice.kind}>{notice.text}</Banner>
        </div>
      )}
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
  const [count, setCount] = useState('1');
  const [notice, setNotice] = useState<Notice>();
  const add = useMutation({
    mutationFn: () => catalogCalls.addEpisodes(props.detail.id, Number(count)),
    onSuccess: (detail) => {
      setNotice(undefined);
      props.onChange(detail);
    },
    onError: (error) => setNotice({ kind: 'error', text: error.message }),
  });
  return (
    <Card title={t('drama.episodes')}>
      <div className={styles.stack}>
        {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
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
          <Button onClick={() => add.mutate()} disabled={add.isPending} data-testid="episodes-add">
            {t('drama.add_episodes')}
          </Button>
        </div>
        {props.detail.episodes.length === 0 && <p className={ui.muted}>{t('drama.no_episodes')}</p>}
        <div className={styles.episodes}>
          {props.detail.episodes.map((episode) => (
            <EpisodeRow
              key={episode.number}
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
