import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Swiper as SwiperInstance } from 'swiper';
import type { EpisodeStartData } from '@snapdrama/contract';
import {
  SWIPE_SPEED_MS,
  episodeToOpen,
  isEpisodePlayable,
  isGridClickAllowed,
  nextSlideEpisode,
  playerSlides,
  unlockNumber,
  viewerAgeGate,
} from '@snapdrama/rules';
import { errorMessage } from '../../shared/api/api-error';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { platformAdTag } from '../../shared/native/native';
import { useVideoSettings } from '../../shared/video/video-settings';
import { useReducedMotion } from '../../shared/hooks/use-reduced-motion';
import { useContentText } from '../../shared/i18n/content-text';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { isGuest as isGuestUser, useUserInfo } from '../../shared/session/user-info';
import { NotFound } from '../../shared/ui/not-found';
import { BlockSpinner, Spinner } from '../../shared/ui/spinner';
import { dramaInfoQuery, sendViewCount, toProgress, type VideoUrl } from './api/playback';
import { openEpisodeSheet } from './components/episode-sheet';
import { InfoPanel } from './components/info-panel';
import { PlayerActions } from './components/player-actions';
import { AutoUnlockNotice } from './components/auto-unlock';
import { AgeGate } from './components/age-gate';
import { useIdentityReturn } from './api/identity-check';
import { EpisodeSwiper } from './components/episode-swiper';
import { LockedEpisode } from './components/locked-episode';
import { openOptionSheet } from './components/option-sheet';
import { VideoPlayer } from './components/video-player';
import { useEpisodeSession } from './hooks/use-episode-session';
import { usePlayerKeyboard } from './hooks/use-player-keyboard';
import { loadHls } from '../../shared/video/load-hls';
import { useEpisodeList, useSwipedSlide } from './player-store';
import { createSwipePreroll } from '../../shared/video/swipe-preroll';
import styles from './player-page.module.css';

/** The drama a bare player link opens (spec §2: "falls back to a default drama id"). */
export const DEFAULT_DRAMA_ID = 1;

function parsePositiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

// hls.js downloads as soon as the player's code does (while the session and the drama load).
void loadHls();

/** /{dramaId} and /{dramaId}/{episodeNum} (spec §2). */
export function PlayerPage() {
  const params = useParams();
  const dramaId =
    params.dramaId === undefined ? DEFAULT_DRAMA_ID : parsePositiveInt(params.dramaId);
  if (dramaId === undefined) return <NotFound />;
  return (
    <DramaPlayer key={dramaId} dramaId={dramaId} requested={parsePositiveInt(params.episodeNum)} />
  );
}

/**
 * The episode the address names at this moment. A swipe or key changes the address before the
 * page has drawn it, so a second one right after the first compares with this, not with the last
 * render's episode (which would undo it).
 */
function addressedEpisode(dramaId: number): number | undefined {
  const match = /^\/(\d+)\/(\d+)\/?$/.exec(window.location.pathname);
  return match && Number(match[1]) === dramaId ? Number(match[2]) : undefined;
}

/**
 * Starts the preloaded video of the slide a swipe lands on at once, in the gesture. Its first
 * frame is already decoded and on screen (the player drops its poster once it has one), so the
 * swipe only starts playback; after a long drag it plays already (muted, swipe-preroll.ts) and
 * only its sound is turned on.
 */
function playPreloaded(slide: HTMLElement | undefined): HTMLVideoElement | undefined {
  const video = slide?.querySelector('video');
  if (!video || video.readyState < 2 || !useVideoSettings.getState().autoplay) return undefined;
  video.muted = useVideoSettings.getState().muted;
  video.play().catch(() => undefined);
  return video;
}

/**
 * Runs `then` once the video has put its next frame on screen (or after 120 ms at the latest),
 * so the page's re-render for the new address (episode start, the next preload) does not hold
 * that first frame back.
 */
function afterFirstFrame(video: HTMLVideoElement | undefined, then: () => void) {
  if (!video || typeof video.requestVideoFrameCallback !== 'function') {
    then();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  video.requestVideoFrameCallback(run);
  setTimeout(run, 120);
}

function DramaPlayer({ dramaId, requested }: { dramaId: number; requested: number | undefined }) {
  const { t, i18n } = useTranslation();
  const text = useContentText();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const info = useQuery(dramaInfoQuery(dramaId));
  const userInfo = useUserInfo();
  const user = userInfo.data?.user;
  const guest = isGuestUser(user);
  const serverCooldown = user
    ? { seconds: user.unlock_cooldown_sec, receivedAt: userInfo.dataUpdatedAt }
    : undefined;

  // back from an identity check's step: confirm it, then the gate below opens (decision 1490)
  useIdentityReturn();
  // an 18/19-rated drama opens only for a member whose check says adult: no start, no URL else
  const gate = info.data
    ? viewerAgeGate(
        info.data.drama.age_rate,
        guest,
        user?.age_check ? user.age_check.adult_yn === 'Y' : undefined,
      )
    : undefined;

  const progress = useMemo(() => (info.data ? toProgress(info.data) : undefined), [info.data]);
  const total = info.data?.episodeList.length ?? 0;
  const current = progress && total > 0 ? episodeToOpen(progress, requested) : undefined;
  const slides = useMemo(() => (progress ? playerSlides(progress) : []), [progress]);
  const playable =
    progress !== undefined && current !== undefined && isEpisodePlayable(progress, current);
  // The address follows the episode (spec §2); the session starts once they agree.
  const settledOnUrl = current !== undefined && current === requested;

  useEffect(() => {
    if (current !== undefined && current !== requested) {
      void navigate(`/${dramaId}/${current}`, { replace: true });
    }
  }, [current, requested, dramaId, navigate]);

  // A deep link starts its episode together with the drama info instead of after it: if the
  // server lets it start, the rule opens that same number, so nothing restarts (spec §4).
  const { session, renew } = useEpisodeSession(
    dramaId,
    info.data ? current : requested,
    info.data ? playable && settledOnUrl && gate === 'open' : requested !== undefined,
  );

  // Signed URLs by episode: the open one's, and the next one's for preloading. Folded in while
  // rendering whenever a new start response arrives.
  const [urls, setUrls] = useState<{
    from: EpisodeStartData | undefined;
    byEpisode: Record<number, readonly VideoUrl[]>;
  }>({ from: undefined, byEpisode: {} });
  if (session.status === 'ready' && current !== undefined && urls.from !== session.data) {
    const { videoUrlList, nextVideoUrlList } = session.data;
    setUrls({
      from: session.data,
      byEpisode: {
        ...urls.byEpisode,
        // a player already running on preloaded URLs keeps them; renewals reload it themselves
        [current]: urls.byEpisode[current] ?? videoUrlList,
        ...(nextVideoUrlList ? { [current + 1]: nextVideoUrlList } : {}),
      },
    });
  }
  const urlsByEpisode = urls.byEpisode;

  // A swipe's slide stays the active one only until the address has followed it. A newer swipe
  // (the viewer moved on before this render) keeps its own until its address follows.
  useEffect(() => {
    const { epsd, land } = useSwipedSlide.getState();
    if (epsd === current) land(undefined);
  }, [current]);
  useEffect(() => () => useSwipedSlide.getState().land(undefined), []);

  // One view per drama opened (spec §7), once the first episode started.
  const viewCounted = useRef(false);
  useEffect(() => {
    if (session.status === 'ready' && !viewCounted.current) {
      viewCounted.current = true;
      void sendViewCount(dramaId);
    }
  }, [session.status, dramaId]);

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
  /** The grid or a video's end names the episode: a swipe's landing still on its way is dropped. */
  const jumpTo = useCallback(
    (epsd: number) => {
      useSwipedSlide.getState().land(undefined);
      goTo(epsd);
    },
    [goTo],
  );

  const onSelectEpisode = useCallback(
    (epsd: number) => {
      if (!progress) return;
      if (!isGridClickAllowed(unlockNumber(progress), epsd)) {
        layers.toast(t('player.episode_missed'), 'info');
        return;
      }
      useLayerStore.getState().closeSheet();
      if (epsd !== current) jumpTo(epsd);
    },
    [progress, current, jumpTo, t],
  );

  const publishList = useEpisodeList((s) => s.publish);
  useEffect(() => {
    publishList({ cells, current: current ?? 0, select: onSelectEpisode });
  }, [cells, current, onSelectEpisode, publishList]);

  // a reader who asked for reduced motion changes episodes without the slide
  const reducedMotion = useReducedMotion();
  const swipeSpeed = reducedMotion ? 0 : SWIPE_SPEED_MS;

  // Swiper follows the address; a swipe changes the address.
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [preroll] = useState(() => createSwipePreroll(() => useVideoSettings.getState().autoplay));
  useEffect(() => {
    const swiper = swiperRef.current;
    if (!swiper || current === undefined) return;
    // a newer address is on its way (the viewer moved on again): its render moves Swiper
    const addressed = addressedEpisode(dramaId);
    if (addressed !== undefined && addressed !== current) return;
    // a swipe or key that landed after this address was set: its own address follows it
    const landed = useSwipedSlide.getState().epsd;
    if (landed !== undefined && landed !== current) return;
    const index = current - 1;
    if (swiper.activeIndex !== index) {
      // far jumps (grid) go at once; neighbours slide
      swiper.slideTo(index, Math.abs(swiper.activeIndex - index) > 1 ? 0 : swipeSpeed);
    }
  }, [current, requested, dramaId, slides.length, swipeSpeed]);

  // ↑/↓ and PageUp/PageDown move like a swipe: Swiper slides, its slideChange does the rest.
  const stageRef = useRef<HTMLDivElement>(null);
  usePlayerKeyboard({
    stageRef,
    step: (direction) => {
      const swiper = swiperRef.current;
      if (!swiper) return;
      if (direction === 1) swiper.slideNext(swipeSpeed);
      else swiper.slidePrev(swipeSpeed);
    },
    preferredSubtitle: () => (i18n.language.startsWith('ko') ? 'ko' : 'en'),
  });

  // Video end moves on to the next slide (spec §4).
  const onEnded = useCallback(() => {
    if (!progress || current === undefined) return;
    const next = nextSlideEpisode(progress, current);
    if (next !== undefined) jumpTo(next);
  }, [progress, current, jumpTo]);

  if (info.isPending) return <BlockSpinner />;
  if (info.isError) {
    return <NotFound message={errorMessage(info.error, t('player.drama_info_fail'))} />;
  }

  const { drama, episodeList } = info.data;
  const title = text(drama.titl_lang_key);
  const actions = {
    dramaId,
    epsd: current ?? 1,
    title,
    bookmarked: info.data.bookmark,
    bookmarkCount: drama.bkmk_cnt,
    isGuest: guest,
  };
  const priceOf = (epsd: number) => episodeList.find((e) => e.epsd === epsd)?.coin ?? 0;

  const renderSlide = (epsd: number, locked: boolean) => {
    const near = current !== undefined && (epsd === current || epsd === current + 1);
    if (!near) return <div className={styles.slideIdle} />;
    const isCurrent = epsd === current;
    const closed =
      gate !== undefined && gate !== 'open'
        ? gate
        : isCurrent && session.status === 'age_gate'
          ? session.gate
          : undefined;
    if (closed) {
      // the gate holds the focus: only the slide in view draws it
      return isCurrent ? (
        <AgeGate gate={closed} ageRate={drama.age_rate} dramaId={dramaId} epsd={epsd} />
      ) : (
        <div className={styles.slideIdle} />
      );
    }
    if (locked || (isCurrent && session.status === 'locked')) {
      return (
        <LockedEpisode
          dramaId={dramaId}
          epsd={epsd}
          price={priceOf(epsd)}
          coins={user?.coin ?? 0}
          unlockCount={user?.unlock_count ?? 0}
          unlockCap={user?.unlock_cap ?? 0}
          serverCooldown={serverCooldown}
          adTag={platformAdTag(drama)}
          userId={user?.user_id}
          isGuest={guest}
          poster={drama.pstr_vrtc_path}
          active={isCurrent}
        />
      );
    }
    if (isCurrent && session.status === 'error') {
      return <p className={styles.stageMessage}>{t('contents.msg_fail')}</p>;
    }
    const urls = urlsByEpisode[epsd];
    if (!urls) {
      return isCurrent ? (
        <div className={styles.stageMessage}>
          <Spinner />
        </div>
      ) : (
        <div className={styles.slideIdle} />
      );
    }
    return (
      <VideoPlayer
        key={epsd}
        dramaId={dramaId}
        epsd={epsd}
        urls={urls}
        active={isCurrent}
        title={title}
        total={total}
        poster={drama.pstr_vrtc_path}
        ageRate={drama.age_rate}
        warnings={drama.rate_clsf_crtr}
        logId={isCurrent && session.status === 'ready' ? session.data.logId : undefined}
        isGuest={guest}
        renew={renew}
        onEnded={onEnded}
        onOpenOptions={() => openOptionSheet('main')}
        onOpenEpisodes={isMobile ? () => openEpisodeSheet(true) : undefined}
      />
    );
  };

  return (
    <div className={styles.page} data-testid="player-page" data-drama-id={dramaId}>
      <AutoUnlockNotice />
      <div className={styles.stage} ref={stageRef}>
        {current === undefined ? (
          <p className={styles.stageMessage}>{t('player.no_episodes')}</p>
        ) : (
          <EpisodeSwiper
            className={styles.swiper}
            slideClassName={styles.slide}
            slides={slides}
            speed={swipeSpeed}
            initialIndex={current - 1}
            renderSlide={(slide) => renderSlide(slide.epsd, slide.locked)}
            onSwiper={(swiper) => {
              swiperRef.current = swiper;
            }}
            events={{
              onSliderMove: (swiper) => preroll.onMove(swiper),
              onSlideResetTransitionStart: () => preroll.stop(),
              onSlideChange: (swiper) => {
                const epsd = swiper.activeIndex + 1;
                const started = playPreloaded(swiper.slides[swiper.activeIndex]);
                preroll.stop(started);
                if (current === undefined) return;
                // slideTo() from the address (grid, video end), or a swipe straight back
                if (epsd === (addressedEpisode(dramaId) ?? current)) {
                  useSwipedSlide.getState().land(undefined);
                  return;
                }
                // Only the two players re-render, now, inside the gesture: the new video counts
                // as active from its first frame on, and the one left behind pauses.
                flushSync(() => useSwipedSlide.getState().land(epsd));
                afterFirstFrame(started, () => {
                  // unless the viewer swiped on (or back), or picked an episode, meanwhile
                  if (
                    swiperRef.current?.activeIndex === epsd - 1 &&
                    useSwipedSlide.getState().epsd === epsd
                  )
                    goTo(epsd);
                });
              },
            }}
          />
        )}
        {isMobile && (
          // the mobile player's own bookmark and share buttons (spec §2), over the video's side
          <PlayerActions
            {...actions}
            // the grid one tap away, without finding the tools first (issue 46)
            onOpenEpisodes={() => openEpisodeSheet(true)}
            classes={{
              root: styles.mobileActions,
              action: styles.mobileAction,
              active: styles.mobileActive,
            }}
          />
        )}
      </div>
      {!isMobile && (
        <InfoPanel
          title={title}
          description={text(drama.dscr_lang_key)}
          ageRate={drama.age_rate}
          total={total}
          current={current ?? 0}
          cells={cells}
          onSelect={onSelectEpisode}
          actions={actions}
        />
      )}
    </div>
  );
}
