import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  episodeToOpen,
  isEpisodePlayable,
  isGridClickAllowed,
  playerSlides,
  unlockNumber,
} from '@snapdrama/rules';
import { errorMessage } from '../../shared/api/api-error';
import { useContentText } from '../../shared/i18n/content-text';
import { layers } from '../../shared/layers/layer-store';
import { useUserInfo } from '../../shared/session/user-info';
import { Button } from '../../shared/ui/button';
import { ChevronLeftIcon } from '../../shared/ui/icons';
import { NotFound } from '../../shared/ui/not-found';
import { BlockSpinner, Spinner } from '../../shared/ui/spinner';
import { dramaInfoQuery, toProgress } from './api/playback';
import { EpisodeGrid } from './components/episode-grid';
import { LockedEpisode } from './components/locked-episode';
import { VideoPlayer } from './components/video-player';
import { useEpisodeSession } from './hooks/use-episode-session';
import styles from './player-page.module.css';

function parsePositiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** /{dramaId} and /{dramaId}/{episodeNum} (spec §2). */
export function PlayerPage() {
  const params = useParams();
  const dramaId = parsePositiveInt(params.dramaId);
  if (dramaId === undefined) return <NotFound />;
  return (
    <DramaPlayer key={dramaId} dramaId={dramaId} requested={parsePositiveInt(params.episodeNum)} />
  );
}

function DramaPlayer({ dramaId, requested }: { dramaId: number; requested: number | undefined }) {
  const { t } = useTranslation();
  const text = useContentText();
  const navigate = useNavigate();
  const info = useQuery(dramaInfoQuery(dramaId));
  const coins = useUserInfo().data?.user.coin ?? 0;

  const progress = useMemo(() => (info.data ? toProgress(info.data) : undefined), [info.data]);
  const total = info.data?.episodeList.length ?? 0;
  const current = progress && total > 0 ? episodeToOpen(progress, requested) : undefined;
  const playable =
    progress !== undefined && current !== undefined && isEpisodePlayable(progress, current);
  // The address follows the episode (spec §2); the session starts once they agree.
  const settledOnUrl = current !== undefined && current === requested;

  useEffect(() => {
    if (current !== undefined && current !== requested) {
      void navigate(`/${dramaId}/${current}`, { replace: true });
    }
  }, [current, requested, dramaId, navigate]);

  const session = useEpisodeSession(dramaId, current, playable && settledOnUrl);

  const cells = useMemo(() => {
    if (!progress) return [];
    return progress.episodes.map((e) => ({
      epsd: e.epsd,
      locked: !isEpisodePlayable(progress, e.epsd),
    }));
  }, [progress]);

  const goTo = useCallback(
    (epsd: number) => void navigate(`/${dramaId}/${epsd}`, { replace: true }),
    [dramaId, navigate],
  );

  const onSelectEpisode = (epsd: number) => {
    if (!progress || epsd === current) return;
    if (isGridClickAllowed(unlockNumber(progress), epsd)) goTo(epsd);
    else layers.toast(t('player.episode_missed'), 'info');
  };

  // Video end moves on to the next slide: the next episode, or the locked one right after the
  // unlocked ones (spec §4).
  const onEnded = useCallback(() => {
    if (!progress || current === undefined) return;
    const next = current + 1;
    if (playerSlides(progress).some((slide) => slide.epsd === next)) goTo(next);
  }, [progress, current, goTo]);

  if (info.isPending) return <BlockSpinner />;
  if (info.isError) {
    return <NotFound message={errorMessage(info.error, t('player.drama_info_fail'))} />;
  }

  const { drama, episodeList } = info.data;
  const title = text(drama.titl_lang_key);
  const price = episodeList.find((e) => e.epsd === current)?.coin ?? 0;

  let stage;
  if (current === undefined) {
    stage = <p className={styles.stageMessage}>{t('player.no_episodes')}</p>;
  } else if (!playable || session.status === 'locked') {
    stage = (
      <LockedEpisode epsd={current} price={price} coins={coins} poster={drama.pstr_vrtc_path} />
    );
  } else if (session.status === 'ready') {
    const auto =
      session.data.videoUrlList.find((v) => v.quality === 'Auto') ?? session.data.videoUrlList[0];
    stage = auto ? (
      <VideoPlayer
        key={`${current}:${auto.videoUrl}`}
        src={auto.videoUrl}
        episode={current}
        poster={drama.pstr_hrzt_path}
        onEnded={onEnded}
      />
    ) : (
      <p className={styles.stageMessage}>{t('contents.txt_no_data')}</p>
    );
  } else if (session.status === 'error') {
    stage = (
      <div className={styles.stageMessage}>
        <p>{t('contents.msg_fail')}</p>
      </div>
    );
  } else {
    stage = (
      <div className={styles.stageMessage}>
        <Spinner />
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="player-page" data-drama-id={dramaId}>
      <div className={styles.stage}>
        {stage}
        <Button
          variant="secondary"
          className={styles.back}
          onClick={() => void navigate('/')}
          aria-label={t('common.go_home')}
        >
          <ChevronLeftIcon />
        </Button>
      </div>
      <aside className={styles.panel}>
        <h1 className={styles.title} data-testid="player-title">
          {title}
        </h1>
        <div className={styles.meta}>
          {drama.age_rate && (
            <span className={styles.age}>{t('player.age_rating', { age: drama.age_rate })}</span>
          )}
          <span>{t('common.episodes', { count: total })}</span>
        </div>
        <p className={styles.description}>{text(drama.dscr_lang_key)}</p>
        <div className={styles.episodesHead}>
          <h2>{t('player.episode_list')}</h2>
          <span className={styles.counter} data-testid="player-counter">
            {t('player.current_total', { current: current ?? 0, total })}
          </span>
        </div>
        <EpisodeGrid episodes={cells} current={current ?? 0} onSelect={onSelectEpisode} />
      </aside>
    </div>
  );
}
