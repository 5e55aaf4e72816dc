import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BANNER_SIZE, FULL_LIST_SIZE, groupsOf, shuffled } from '@snapdrama/rules';
import { useContentText } from '../../shared/i18n/content-text';
import { removeFirstScreen } from '../../shared/ui/first-screen';
import { PlayCircleIcon } from '../../shared/ui/icons';
import { BlockSpinner } from '../../shared/ui/spinner';
import { CoinExpiryBanner } from '../../shared/wallet/coin-expiry-banner';
import {
  allDramasQuery,
  continueQuery,
  latestQuery,
  shortListQuery,
  useCategories,
} from './api/catalog-api';
import { ContinueCard } from './components/continue-card';
import { BannerSlider } from './components/banner-slider';
import { DramaGroup } from './components/drama-group';
import { Section } from './components/section';
import { SliderItem, SliderRow, SliderRowSkeleton } from './components/slider-row';
import { useReachEnd } from './hooks/use-reach-end';
import styles from './main-page.module.css';

/** Groups drawn at first and added each time the end of the list comes near. */
const GROUPS_PER_STEP = 8;

/**
 * A list as a section draws it: its query's data, handed on in a deferred render. A list that
 * arrives after the first render would otherwise redraw its section in one blocking task (the
 * query's store update is synchronous); deferred, React draws the new cards in slices, between
 * which the page answers. What was already there when the section mounted draws at once.
 */
function useDeferredList<T>(query: UseQueryResult<T>): { data: T | undefined; pending: boolean } {
  const data = useDeferredValue(query.data);
  return { data, pending: data === undefined && !query.isError };
}

/**
 * Main page (spec §2): banner of the 5 latest, slider rows (popular, exclusive, recent as continue
 * watching), then every drama in shuffled groups of 6. Each block reads its own list, so a list
 * that arrives redraws only its block. List failures are cleared silently (spec §8): a failed
 * block simply stays out.
 */
export function MainPage() {
  const { t } = useTranslation();
  // the slide the HTML painted goes once the banner draws its own (banner-slider.tsx), when there
  // is no banner to draw (MainBanner), or when the viewer leaves
  useEffect(() => removeFirstScreen, []);
  return (
    <div className={styles.page} data-testid="main-page">
      <MainBanner />
      <CoinExpiryBanner />
      <ForYouEntry place="first" />
      <ShortListRow kind="popular" title={t('main.popular')} />
      <ShortListRow kind="exclusive" title={t('main.exclusive')} />
      <ContinueRow />
      <ForYouEntry place="later" />
      <AllDramas />
    </div>
  );
}

function MainBanner() {
  const banner = useDeferredList(useQuery(latestQuery(BANNER_SIZE)));
  const noBanner = !banner.pending && !banner.data?.dramaList.length;
  useEffect(() => {
    if (noBanner) removeFirstScreen();
  }, [noBanner]);
  if (banner.pending) return <div className={styles.bannerPlaceholder} />;
  return banner.data && <BannerSlider dramas={banner.data.dramaList} />;
}

function ShortListRow({ kind, title }: { kind: 'popular' | 'exclusive'; title: string }) {
  const list = useDeferredList(useQuery(shortListQuery(kind, FULL_LIST_SIZE)));
  if (list.pending) return <SliderRowSkeleton title={title} />;
  if (!list.data?.dramaList.length) return null;
  return (
    <SliderRow title={title} to={`/${kind}`} dramas={list.data.dramaList} testId={`row-${kind}`} />
  );
}

/** Continue watching: the viewer's recent dramas with how far each was watched. */
function ContinueRow() {
  const { t } = useTranslation();
  const recent = useDeferredList(useQuery(continueQuery(FULL_LIST_SIZE)));
  if (!recent.data?.continueList.length) return null;
  return (
    <SliderRow title={t('main.continue_watching')} to="/recent" dramas={[]} testId="row-recent">
      {recent.data.continueList.map((item) => (
        <SliderItem key={item.dram_id}>
          <ContinueCard item={item} />
        </SliderItem>
      ))}
    </SliderRow>
  );
}

/**
 * The way into the For You feed (issue 45): first under the banner for a new viewer (nothing
 * watched yet, so nothing to continue), after "continue watching" for everyone else. It reads
 * the list the continue row reads; until that is known it stays out.
 */
function ForYouEntry({ place }: { place: 'first' | 'later' }) {
  const { t } = useTranslation();
  const recent = useQuery(continueQuery(FULL_LIST_SIZE));
  if (!recent.data && !recent.isError) return null;
  const isNew = !recent.data?.continueList.length;
  if ((place === 'first') !== isNew) return null;
  return (
    <Link to="/foryou" className={styles.forYou} data-testid="main-foryou" data-place={place}>
      <PlayCircleIcon />
      <span>
        <strong>{t('foryou.entry_title')}</strong>
        <small>{t('foryou.entry_body')}</small>
      </span>
    </Link>
  );
}

function AllDramas() {
  const { t } = useTranslation();
  const text = useContentText();
  const all = useDeferredList(useQuery(allDramasQuery()));
  const categories = useCategories();
  // drawn once the rows above have settled, so they never push it around
  const above = [
    useQuery(shortListQuery('popular', FULL_LIST_SIZE)),
    useQuery(shortListQuery('exclusive', FULL_LIST_SIZE)),
    useQuery(continueQuery(FULL_LIST_SIZE)),
  ];
  const settled = useDeferredValue(!all.pending && above.every((q) => !q.isPending));

  const categoryNames = useMemo(
    () =>
      new Map((categories.data?.categoryList ?? []).map((c) => [c.ctgr_id, text(c.ctgr_lang_key)])),
    [categories.data, text],
  );
  // shuffled once per list, so a re-render never reorders what the viewer is reading
  const groups = useMemo(() => groupsOf(shuffled(all.data ?? [], Math.random)), [all.data]);
  const [shown, setShown] = useState(GROUPS_PER_STEP);
  const more = settled && shown < groups.length;
  const sentinel = useReachEnd<HTMLDivElement>(() => setShown((n) => n + GROUPS_PER_STEP), more);
  const now = useMemo(() => new Date(), []);

  return (
    <Section title={t('main.all_dramas')} testId="all-dramas">
      {settled ? (
        groups
          .slice(0, shown)
          .map((group) => (
            <DramaGroup
              key={group[0]?.dram_id}
              dramas={group}
              categoryNames={categoryNames}
              now={now}
            />
          ))
      ) : (
        <BlockSpinner />
      )}
      {more && <div ref={sentinel} className={styles.sentinel} />}
    </Section>
  );
}
