import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Swiper as SwiperInstance } from 'swiper';
import { catalogPaths, type CategoryListData, type ForYouItem } from '@snapdrama/contract';
import { SWIPE_SPEED_MS } from '@snapdrama/rules';
import { api } from '../../shared/api/api';
import { useReducedMotion } from '../../shared/hooks/use-reduced-motion';
import { useContentText } from '../../shared/i18n/content-text';
import { selectHasLayer, useLayerStore } from '../../shared/layers/layer-store';
import { isGuest as isGuestUser, useUserInfo } from '../../shared/session/user-info';
import { openShare } from '../../shared/share/open-share';
import { ChevronDownIcon, ChevronUpIcon } from '../../shared/ui/icons';
import { BlockSpinner } from '../../shared/ui/spinner';
import { loadHls } from '../../shared/video/load-hls';
import { createSwipePreroll } from '../../shared/video/swipe-preroll';
import { useVideoSettings } from '../../shared/video/video-settings';
import { sendForYouSignal, useForYouBookmark } from './api/foryou-api';
import { forYouQuery } from './api/foryou-query';
import { FeedOverlay } from './components/feed-overlay';
import { FeedSwiper } from './components/feed-swiper';
import { FeedVideo } from './components/feed-video';
import { feedItems, holdsVideo, restoredIndex, shouldFetchNextPage } from './feed-rules';
import { createImpressionSignals } from './impression-signals';
import styles from './foryou-page.module.css';

// hls.js downloads with the feed's code, while the first page of the feed loads
void loadHls();

/** What the feed keeps in its history entry: the item it was left at ("continue", then Back). */
interface FeedHistoryState {
  at?: string;
}

/** The categories' names, from the list the catalog pages read (same key, same cache). */
const categoriesQuery = {
  queryKey: ['catalog', 'categories'] as const,
  queryFn: () => api.get<CategoryListData>(catalogPaths.categories()),
  staleTime: 5 * 60_000,
};

/**
 * Starts the preloaded video of the slide a swipe lands on, in the gesture (as the player does,
 * decision 0500): its first frame is decoded already, so the swipe only starts playback, or after
 * a long drag only turns the pre-rolled video's sound on.
 */
function playPreloaded(slide: HTMLElement | undefined): HTMLVideoElement | undefined {
  const video = slide?.querySelector('video');
  if (!video || video.readyState < 2) return undefined;
  video.muted = useVideoSettings.getState().muted;
  video.play().catch(() => undefined);
  return video;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement)
  );
}

/** /foryou: openings of one drama after another, swiped like the player's episodes (issue 45). */
export function ForYouPage() {
  const { t } = useTranslation();
  const feed = useInfiniteQuery(forYouQuery());
  const userInfo = useUserInfo();
  const user = userInfo.data?.user;
  const guest = isGuestUser(user);
  const adult = user?.age_check ? user.age_check.adult_yn === 'Y' : undefined;
  const items = useMemo(
    () => feedItems(feed.data?.pages ?? [], { isGuest: guest, adult }),
    [feed.data, guest, adult],
  );

  let body;
  // the items an 18+ check lets through depend on who the viewer is: both first
  if (feed.isPending || userInfo.isPending) body = <BlockSpinner />;
  else if (items.length === 0)
    body = (
      <div className={styles.message}>
        <p>{feed.isError ? t('foryou.load_fail') : t('foryou.empty')}</p>
        {feed.isError && (
          <button type="button" className={styles.retry} onClick={() => void feed.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  else
    body = (
      <Feed
        items={items}
        guest={guest}
        hasNextPage={feed.hasNextPage}
        fetching={feed.isFetchingNextPage || feed.isError}
        fetchNextPage={() => void feed.fetchNextPage()}
      />
    );
  return (
    <section className={styles.page} aria-label={t('foryou.feed_label')} data-testid="foryou-page">
      <h1 className="visually-hidden">{t('foryou.title')}</h1>
      {body}
    </section>
  );
}

function Feed({
  items,
  guest,
  hasNextPage,
  fetching,
  fetchNextPage,
}: {
  items: readonly ForYouItem[];
  guest: boolean;
  hasNextPage: boolean;
  fetching: boolean;
  fetchNextPage: () => void;
}) {
  const { t } = useTranslation();
  const text = useContentText();
  const navigate = useNavigate();
  const location = useLocation();
  const [initialIndex] = useState(() =>
    restoredIndex(items, (location.state as FeedHistoryState | null)?.at),
  );
  const [active, setActive] = useState(initialIndex);
  const activeItem = items[Math.min(active, items.length - 1)];
  const reducedMotion = useReducedMotion();
  const speed = reducedMotion ? 0 : SWIPE_SPEED_MS;
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [preroll] = useState(() => createSwipePreroll(() => true));
  const [signals] = useState(() =>
    createImpressionSignals(sendForYouSignal, () => performance.now()),
  );
  const toggleBookmark = useForYouBookmark(guest);
  // the first frame of the feed: until then (1.5 s at most) the next slides wait to preload
  const [firstFrame] = useState(() => {
    let shown: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => (shown = resolve));
    const capped = Promise.race([promise, new Promise<void>((r) => setTimeout(r, 1_500))]);
    return { shown: () => shown(), gate: () => capped };
  });
  const categories = useQuery(categoriesQuery);
  const categoryName = useMemo(
    () =>
      new Map((categories.data?.categoryList ?? []).map((c) => [c.ctgr_id, text(c.ctgr_lang_key)])),
    [categories.data, text],
  );

  // the item left behind: skip (quick) and its watch time
  const shownId = useRef<string | undefined>(undefined);
  useEffect(() => {
    const left = shownId.current;
    const now = activeItem?.impressionId;
    if (left !== undefined && left !== now) signals.left(left);
    shownId.current = now;
  }, [activeItem, signals]);
  // the page hides or the feed closes: the watch time so far
  useEffect(() => {
    const flush = () => signals.flush(shownId.current);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [signals]);

  // endless: the next page is asked for a few items before the end
  useEffect(() => {
    if (shouldFetchNextPage({ activeIndex: active, loaded: items.length, hasNextPage, fetching }))
      fetchNextPage();
  }, [active, items.length, hasNextPage, fetching, fetchNextPage]);

  const step = useCallback(
    (direction: -1 | 1) => {
      const swiper = swiperRef.current;
      if (!swiper) return;
      if (direction === 1) swiper.slideNext(speed);
      else swiper.slidePrev(speed);
    },
    [speed],
  );

  // ↑/↓ and PageUp/PageDown move like a swipe, as in the player; Space/K play or pause, M mutes
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || selectHasLayer(useLayerStore.getState())) return;
      const video = document.querySelector<HTMLVideoElement>(
        '[data-testid="foryou-video"][data-active="true"]',
      );
      switch (event.key) {
        case 'ArrowUp':
        case 'PageUp':
          step(-1);
          break;
        case 'ArrowDown':
        case 'PageDown':
          step(1);
          break;
        case 'k':
        case 'K':
          if (video?.paused) void video.play().catch(() => undefined);
          else video?.pause();
          break;
        case 'm':
        case 'M': {
          const muted = !useVideoSettings.getState().muted;
          useVideoSettings.getState().update({ muted });
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [step]);

  const onContinue = (item: ForYouItem) => {
    signals.continued(item.impressionId);
    // Back from the player comes to this entry, which remembers the item
    void navigate(location.pathname, { replace: true, state: { at: item.impressionId } });
    void navigate(`/${item.drama.dram_id}/${item.continueEpsd}`);
  };

  const videoEvents = useMemo(
    () => ({
      onShown: (item: ForYouItem) => {
        firstFrame.shown();
        signals.shown(item.impressionId);
      },
      onPlaying: (item: ForYouItem) => signals.playing(item.impressionId),
      onPaused: (item: ForYouItem) => signals.paused(item.impressionId),
    }),
    [signals, firstFrame],
  );

  const renderSlide = (item: ForYouItem, index: number) => {
    if (!holdsVideo(index, active)) return <div className={styles.slideIdle} />;
    const title = text(item.drama.titl_lang_key);
    return (
      <>
        <FeedVideo
          item={item}
          active={index === active}
          preloadGate={firstFrame.gate}
          {...videoEvents}
        />
        <FeedOverlay
          item={item}
          title={title}
          categories={item.drama.ctgr_list.flatMap((id) => categoryName.get(id) ?? [])}
          onBookmark={() => toggleBookmark(item.drama.dram_id, item.bookmark)}
          onShare={() =>
            openShare({ dramaId: item.drama.dram_id, epsd: item.epsd, title, isGuest: guest })
          }
          onContinue={() => onContinue(item)}
        />
      </>
    );
  };

  return (
    <div className={styles.stage}>
      <FeedSwiper
        className={styles.swiper}
        slideClassName={styles.slide}
        items={items}
        itemKey={(item) => item.impressionId}
        initialIndex={initialIndex}
        activeIndex={active}
        speed={speed}
        renderSlide={renderSlide}
        slideLabel={(item, index) =>
          t('foryou.item_label', {
            title: text(item.drama.titl_lang_key),
            position: index + 1,
            count: items.length,
          })
        }
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
        }}
        events={{
          onSliderMove: (swiper) => preroll.onMove(swiper),
          onSlideResetTransitionStart: () => preroll.stop(),
          onSlideChange: (swiper) => {
            const index = swiper.activeIndex;
            const started = playPreloaded(swiper.slides[index]);
            preroll.stop(started);
            // only the two videos re-render, inside the gesture: the new one is the active one
            flushSync(() => setActive(index));
          },
        }}
      />
      <div className={styles.steps}>
        <button
          type="button"
          className={styles.step}
          onClick={() => step(-1)}
          disabled={active === 0}
          aria-label={t('foryou.previous')}
          data-testid="foryou-previous"
        >
          <ChevronUpIcon />
        </button>
        <button
          type="button"
          className={styles.step}
          onClick={() => step(1)}
          disabled={active >= items.length - 1}
          aria-label={t('foryou.next')}
          data-testid="foryou-next"
        >
          <ChevronDownIcon />
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {fetching && active >= items.length - 1 ? t('foryou.loading_more') : ''}
      </p>
    </div>
  );
}
