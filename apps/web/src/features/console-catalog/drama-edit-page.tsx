import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type AdminDramaDetail, type DramaFormInput, type PosterKind } from '@snapdrama/contract';
import { fieldErrors } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useOperator } from '../../shared/console/console-session';
import type { EpisodeVideoSlot } from '../../shared/console/episode-video-slot';
import { Banner, Card, ConsolePage, ui } from '../../shared/console/console-ui';
import { catalogCalls, dramaQuery, dramasQuery } from './catalog-api';
import { catalogMessages } from './catalog-messages';
import { DramaForm, emptyForm, formOf } from './drama-form';
import { EpisodesCard } from './episodes-card';
import { ForYouCard } from './foryou-card';
import { PublishCard } from './publish-card';
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
  // the drama's funnel (issue 43): analytics are for admins, as they show revenue
  const isAdmin = useOperator().data?.role === 'admin';
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
      actions={
        isAdmin ? (
          <Link
            className={ui.button}
            to={`/admin/analytics/dramas/${dramaId}`}
            data-testid="drama-funnel-link"
          >
            {t('drama.funnel')}
          </Link>
        ) : undefined
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
      <ForYouCard detail={detail} />
    </ConsolePage>
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
