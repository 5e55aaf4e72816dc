import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GRID_PAGE_SIZE, totalPages } from '@snapdrama/rules';
import { useRecentSearches } from '../../../shared/search/recent-searches';
import { BlockSpinner } from '../../../shared/ui/spinner';
import { searchQuery, topSearchesQuery } from '../api/catalog-api';
import { alertSearchFailure } from '../catalog-errors';
import { DramaGrid } from '../components/drama-grid';
import { Pagination } from '../components/pagination';
import { usePageParam } from '../hooks/use-page-param';
import { SearchCombobox } from '../search/search-combobox';
import pageStyles from '../main-page.module.css';
import styles from './search-page.module.css';

/** The page's own search input; it starts from the searched keyword (keyed by it). */
function SearchForm({ initial }: { initial: string }) {
  return (
    <SearchCombobox
      initial={initial}
      classes={{ form: styles.form ?? '', input: styles.input, icon: styles.icon ?? '' }}
      testIds={{ input: 'search-page-input', clear: 'search-page-clear' }}
    />
  );
}

/** An empty /search offers the viewer's recent searches, each removable. */
function RecentSearches() {
  const { t } = useTranslation();
  const { list, remove, clear } = useRecentSearches();
  if (list.length === 0) return null;
  return (
    <section className={styles.recent} data-testid="recent-searches">
      <div className={styles.recentHead}>
        <h2>{t('search.recent')}</h2>
        <button type="button" onClick={clear} data-testid="recent-clear">
          {t('search.clear_all')}
        </button>
      </div>
      <ul className={styles.recentList}>
        {list.map((term) => (
          <li key={term} className={styles.recentChip}>
            <Link
              to={`/search?keyword=${encodeURIComponent(term)}`}
              data-testid="recent-term"
              translate="no"
            >
              {term}
            </Link>
            <button
              type="button"
              onClick={() => remove(term)}
              aria-label={t('search.remove', { term })}
              data-testid="recent-remove"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The week's most searched keywords, ranked; hidden until there are some (or on failure). */
function TopSearches() {
  const { t } = useTranslation();
  const top = useQuery(topSearchesQuery());
  const list = top.data?.keywordList ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.recent} data-testid="top-searches">
      <div className={styles.recentHead}>
        <h2>{t('search.top_week')}</h2>
      </div>
      <ol className={styles.topList}>
        {list.map(({ keyword }, i) => (
          <li key={keyword}>
            <Link to={`/search?keyword=${encodeURIComponent(keyword)}`} data-testid="top-term">
              <span className={styles.topRank}>{i + 1}</span>
              {/* what viewers typed, as they typed it */}
              <span className={styles.topKeyword} translate="no">
                {keyword}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /search?keyword= (spec §2): input with clear button, result-count title, grid, pagination. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [page, hrefFor] = usePageParam();

  const results = useQuery(searchQuery(keyword, GRID_PAGE_SIZE, page));
  const addRecent = useRecentSearches((s) => s.add);
  useEffect(() => {
    if (keyword) addRecent(keyword);
  }, [keyword, addRecent]);
  useEffect(() => {
    if (results.error) alertSearchFailure(results.error);
  }, [results.error]);

  return (
    <div className={pageStyles.page} data-testid="search-page">
      <SearchForm key={keyword} initial={keyword} />
      {!keyword && <RecentSearches />}
      {!keyword && <TopSearches />}
      {keyword && results.isPending && <BlockSpinner />}
      {keyword && results.data && (
        <>
          <h1 className={pageStyles.title} data-testid="search-result-title">
            {t('catalog.search_result', { count: results.data.totalCount, keyword })}
          </h1>
          {results.data.totalCount === 0 ? (
            <p className={pageStyles.status} data-testid="search-empty">
              {t('search.no_results')}
            </p>
          ) : (
            <>
              <DramaGrid dramas={results.data.dramaList} />
              <Pagination
                page={page}
                totalPages={totalPages(results.data.totalCount, GRID_PAGE_SIZE)}
                hrefFor={hrefFor}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
