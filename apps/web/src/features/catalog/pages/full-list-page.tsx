import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Drama } from '@snapdrama/contract';
import { FULL_LIST_SIZE, GRID_PAGE_SIZE, shuffled, totalPages } from '@snapdrama/rules';
import { BlockSpinner } from '../../../shared/ui/spinner';
import {
  allDramasQuery,
  continueQuery,
  latestQuery,
  shortListQuery,
  type ShortListKind,
} from '../api/catalog-api';
import { ContinueCard } from '../components/continue-card';
import { DramaGrid } from '../components/drama-grid';
import gridStyles from '../components/drama-grid.module.css';
import { Pagination } from '../components/pagination';
import { usePageParam } from '../hooks/use-page-param';
import { useReachEnd } from '../hooks/use-reach-end';
import styles from '../main-page.module.css';

function ListLayout(props: {
  title: string;
  testId: string;
  pending: boolean;
  dramas: Drama[] | undefined;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid={props.testId}>
      <h1 className={styles.title}>{props.title}</h1>
      {props.pending ? (
        <BlockSpinner />
      ) : props.dramas && props.dramas.length > 0 ? (
        <DramaGrid dramas={props.dramas} />
      ) : (
        <p className={styles.status}>{t('common.no_data')}</p>
      )}
      {props.children}
    </div>
  );
}

/** /popular, /exclusive, /recent: grids of 10 (spec §9). Failures show the empty state. */
export function FullListPage({ kind }: { kind: ShortListKind }) {
  const { t } = useTranslation();
  const list = useQuery(shortListQuery(kind, FULL_LIST_SIZE));
  const title = t(
    kind === 'popular' ? 'main.popular' : kind === 'exclusive' ? 'main.exclusive' : 'main.recent',
  );
  return (
    <ListLayout
      title={title}
      testId={`list-${kind}`}
      pending={list.isPending}
      dramas={list.data?.dramaList}
    />
  );
}

/** /latest: newest registered first, in numbered pages of 12. */
export function LatestPage() {
  const { t } = useTranslation();
  const [page, hrefFor] = usePageParam();
  const list = useQuery(latestQuery(GRID_PAGE_SIZE, page));
  return (
    <ListLayout
      title={t('main.latest')}
      testId="list-latest"
      pending={list.isPending}
      dramas={list.data?.dramaList}
    >
      {list.data && (
        <Pagination
          page={page}
          totalPages={totalPages(list.data.totalCount, GRID_PAGE_SIZE)}
          hrefFor={hrefFor}
        />
      )}
    </ListLayout>
  );
}

/** Posters drawn at first on /shuffle, and added each time the end comes near. */
const SHUFFLE_STEP = 60;

/** /shuffle: every drama in a random order, drawn progressively (the catalog may be large). */
export function ShufflePage() {
  const { t } = useTranslation();
  const all = useQuery(allDramasQuery());
  const order = useMemo(() => (all.data ? shuffled(all.data, Math.random) : undefined), [all.data]);
  const [shown, setShown] = useState(SHUFFLE_STEP);
  const more = order !== undefined && shown < order.length;
  const sentinel = useReachEnd<HTMLDivElement>(() => setShown((n) => n + SHUFFLE_STEP), more);
  const dramas = useMemo(() => order?.slice(0, shown), [order, shown]);
  return (
    <ListLayout
      title={t('catalog.shuffle')}
      testId="list-shuffle"
      pending={all.isPending}
      dramas={dramas}
    >
      {more && <div ref={sentinel} className={styles.sentinel} />}
    </ListLayout>
  );
}

/** /recent: the continue-watching list as a grid of 10, with progress bars (like the main row). */
export function RecentPage() {
  const { t } = useTranslation();
  const list = useQuery(continueQuery(FULL_LIST_SIZE));
  const items = list.data?.continueList ?? [];
  return (
    <div className={styles.page} data-testid="list-recent">
      <h1 className={styles.title}>{t('main.continue_watching')}</h1>
      {list.isPending ? (
        <BlockSpinner />
      ) : items.length > 0 ? (
        <ul className={gridStyles.grid} data-testid="drama-grid">
          {items.map((item) => (
            <li key={item.dram_id}>
              <ContinueCard item={item} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.status}>{t('common.no_data')}</p>
      )}
    </div>
  );
}
