import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ALL_CATEGORIES_ID, catalogPaths, type DramaListData } from '@snapdrama/contract';
import { GRID_PAGE_SIZE, totalPages } from '@snapdrama/rules';
import { api } from '../../../shared/api/api';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { BlockSpinner } from '../../../shared/ui/spinner';
import { catalogKeys, categoryDramasQuery, useCategories } from '../api/catalog-api';
import { alertCategoryFailure } from '../catalog-errors';
import { CategoryChips } from '../components/category-chips';
import { DramaGrid } from '../components/drama-grid';
import { Pagination } from '../components/pagination';
import { usePageParam } from '../hooks/use-page-param';
import { useReachEnd } from '../hooks/use-reach-end';
import styles from '../main-page.module.css';

function useCategoryId(): number {
  const raw = Number(useParams().categoryId ?? ALL_CATEGORIES_ID);
  return Number.isInteger(raw) && raw >= 0 ? raw : ALL_CATEGORIES_ID;
}

/** Desktop: numbered pages of 12 with a window of 10 links (spec §9). */
function PagedGrid({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const [page, hrefFor] = usePageParam();
  const list = useQuery(categoryDramasQuery(categoryId, GRID_PAGE_SIZE, page));
  useEffect(() => {
    if (list.error) alertCategoryFailure(list.error);
  }, [list.error]);
  if (list.isPending) return <BlockSpinner />;
  if (!list.data) return null;
  if (list.data.dramaList.length === 0)
    return <p className={styles.status}>{t('common.no_data')}</p>;
  const pages = totalPages(list.data.totalCount, GRID_PAGE_SIZE);
  return (
    <>
      <DramaGrid dramas={list.data.dramaList} />
      {page >= pages && (
        <p className={styles.status} data-testid="all-loaded">
          {t('common.all_loaded')}
        </p>
      )}
      <Pagination page={page} totalPages={pages} hrefFor={hrefFor} />
    </>
  );
}

/** Mobile: the next 12 load when the end comes within 100 px, until everything is there. */
function InfiniteGrid({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: [...catalogKeys.all, 'category-infinite', categoryId],
    queryFn: ({ pageParam }) =>
      api.get<DramaListData>(catalogPaths.byCategory(categoryId, GRID_PAGE_SIZE, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length < totalPages(last.totalCount, GRID_PAGE_SIZE) ? pages.length + 1 : undefined,
    staleTime: 60_000,
  });
  const sentinel = useReachEnd<HTMLDivElement>(
    () => void list.fetchNextPage(),
    list.hasNextPage && !list.isFetchingNextPage && !list.isError,
  );
  useEffect(() => {
    if (list.error) alertCategoryFailure(list.error);
  }, [list.error]);
  if (list.isPending) return <BlockSpinner />;
  const dramas = list.data?.pages.flatMap((p) => p.dramaList) ?? [];
  if (list.data && dramas.length === 0)
    return <p className={styles.status}>{t('common.no_data')}</p>;
  return (
    <>
      <DramaGrid dramas={dramas} />
      {list.hasNextPage ? (
        <div ref={sentinel} className={styles.status}>
          {list.isFetchingNextPage ? t('common.loading') : ''}
        </div>
      ) : (
        list.data && (
          <p className={styles.status} data-testid="all-loaded">
            {t('common.all_loaded')}
          </p>
        )
      )}
    </>
  );
}

/** /category and /category/{categoryId} (spec §2). */
export function CategoryPage() {
  const { t } = useTranslation();
  const categoryId = useCategoryId();
  const isMobile = useIsMobile();
  const categories = useCategories();
  useEffect(() => {
    if (categories.error) alertCategoryFailure(categories.error);
  }, [categories.error]);
  return (
    <div className={styles.page} data-testid="category-page">
      <h1 className={styles.title}>{t('catalog.category_title')}</h1>
      <CategoryChips categories={categories.data?.categoryList ?? []} selected={categoryId} />
      {isMobile ? (
        <InfiniteGrid key={categoryId} categoryId={categoryId} />
      ) : (
        <PagedGrid key={categoryId} categoryId={categoryId} />
      )}
    </div>
  );
}
