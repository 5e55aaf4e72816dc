import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  LANGUAGES,
  MAX_EPISODE_COIN,
  type AdminDramaDetail,
  type AdminEpisode,
} from '@snapdrama/contract';
import { useConsoleText } from '../../shared/console/console-i18n';
import type { EpisodeVideoSlot } from '../../shared/console/episode-video-slot';
import { Banner, Button, Card, Field, ui } from '../../shared/console/console-ui';
import { catalogCalls } from './catalog-api';
import { scaleMessages } from './catalog-scale-messages';
import { catalogMessages } from './catalog-messages';
import styles from './catalog.module.css';

type Notice = { kind: 'error' | 'success'; text: string } | undefined;

/** A drama's episodes: bulk create, price and free flags, subtitles, order (decision 1542). */
export function EpisodesCard(props: {
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
