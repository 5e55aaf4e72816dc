import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { BANNER_SIZE, FULL_LIST_SIZE, groupsOf, shuffled } from '@snapdrama/rules';
import { useContentText } from '../../shared/i18n/content-text';
import { removeFirstScreen } from '../../shared/ui/first-screen';
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
 * Main page (spec §2): banner of the 5 latest, slider rows (popular, exclusive, recent as continue watching), then
 * every drama in shuffled groups of 6. List failures are cleared silently (spec §8): a failed
 * block simply stays out.
 */
export function MainPage() {
  const { t } = useTranslation();
  const text = useContentText();
  const banner = useQuery(latestQuery(BANNER_SIZE));
  const popular = useQuery(shortListQuery('popular', FULL_LIST_SIZE));
  const exclusive = useQuery(shortListQuery('exclusive', FULL_LIST_SIZE));
  const recent = useQuery(continueQuery(FULL_LIST_SIZE));
  const all = useQuery(allDramasQuery());
  const categories = useCategories();

  const categoryNames = useMemo(
    () =>
      new Map((categories.data?.categoryList ?? []).map((c) => [c.ctgr_id, text(c.ctgr_lang_key)])),
    [categories.data, text],
  );
  // shuffled once per list, so a re-render never reorders what the viewer is reading
  const groups = useMemo(() => groupsOf(shuffled(all.data ?? [], Math.random)), [all.data]);
  const [shown, setShown] = useState(GROUPS_PER_STEP);
  const more = shown < groups.length;
  const sentinel = useReachEnd<HTMLDivElement>(() => setShown((n) => n + GROUPS_PER_STEP), more);
  const now = useMemo(() => new Date(), []);

  // the banner slide the HTML painted (decision 0500) goes once the banner draws its own first
  // poster (banner-slider.tsx), when there is no banner to draw, or when the viewer leaves
  const noBanner = banner.isError || banner.data?.dramaList.length === 0;
  useEffect(() => {
    if (noBanner) removeFirstScreen();
  }, [noBanner]);
  useEffect(() => removeFirstScreen, []);

  return (
    <div className={styles.page} data-testid="main-page">
      {banner.isPending ? (
        <div className={styles.bannerPlaceholder} />
      ) : (
        banner.data && <BannerSlider dramas={banner.data.dramaList} />
      )}
      <CoinExpiryBanner />
      {popular.isPending ? (
        <SliderRowSkeleton title={t('main.popular')} />
      ) : (
        popular.data &&
        popular.data.dramaList.length > 0 && (
          <SliderRow
            title={t('main.popular')}
            to="/popular"
            dramas={popular.data.dramaList}
            testId="row-popular"
          />
        )
      )}
      {exclusive.isPending ? (
        <SliderRowSkeleton title={t('main.exclusive')} />
      ) : (
        exclusive.data &&
        exclusive.data.dramaList.length > 0 && (
          <SliderRow
            title={t('main.exclusive')}
            to="/exclusive"
            dramas={exclusive.data.dramaList}
            testId="row-exclusive"
          />
        )
      )}
      {recent.data && recent.data.continueList.length > 0 && (
        // continue watching: the viewer's recent dramas with how far each was watched
        <SliderRow title={t('main.continue_watching')} to="/recent" dramas={[]} testId="row-recent">
          {recent.data.continueList.map((item) => (
            <SliderItem key={item.dram_id}>
              <ContinueCard item={item} />
            </SliderItem>
          ))}
        </SliderRow>
      )}
      <Section title={t('main.all_dramas')} testId="all-dramas">
        {/* drawn once the rows above have settled, so they never push it around */}
        {all.isPending || popular.isPending || exclusive.isPending || recent.isPending ? (
          <BlockSpinner />
        ) : (
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
        )}
        {more && <div ref={sentinel} className={styles.sentinel} />}
      </Section>
    </div>
  );
}
