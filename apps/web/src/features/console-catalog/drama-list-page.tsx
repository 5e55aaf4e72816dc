import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_DRAMA_PAGE_SIZES,
  AGE_RATES,
  DRAMA_SORTS,
  DRAMA_STATES,
  type AdminDramaSummary,
  type DramaSort,
  type DramaState,
} from '@snapdrama/contract';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { categoriesQuery, dramaListQuery } from './catalog-api';
import { catalogMessages } from './catalog-messages';
import { scaleMessages } from './catalog-scale-messages';
import styles from './catalog.module.css';

type Query = {
  q: string;
  state: 'all' | DramaState;
  sort: DramaSort;
  page: number;
  size: number;
  categoryId?: number;
  ageRate?: (typeof AGE_RATES)[number];
};

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;
const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The list's query is the address's: a reload, Back or a shared link shows the same page. */
function queryOf(params: URLSearchParams): Query {
  const category = params.get('categoryId');
  const age = params.get('ageRate');
  return {
    q: params.get('q') ?? '',
    state: oneOf(['all', ...DRAMA_STATES] as const, params.get('state'), 'all'),
    sort: oneOf(DRAMA_SORTS, params.get('sort'), 'newest'),
    page: positive(params.get('page'), 1),
    size: Number(
      oneOf(
        ADMIN_DRAMA_PAGE_SIZES.map(String),
        params.get('size'),
        String(ADMIN_DRAMA_PAGE_SIZES[0]),
      ),
    ),
    ...(category ? { categoryId: positive(category, 0) || undefined } : {}),
    ...(age && (AGE_RATES as readonly string[]).includes(age)
      ? { ageRate: age as (typeof AGE_RATES)[number] }
      : {}),
  };
}

/** Every drama, searched in any language's title, filtered, sorted, in pages (decision 1541). */
export function DramaListPage() {
  const t = useConsoleText(catalogMessages);
  const s = useConsoleText(scaleMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [draft, setDraft] = useState(query.q);
  const dramas = useQuery(dramaListQuery(query));
  const categories = useQuery(categoriesQuery);

  const update = (changes: Partial<Record<keyof Query, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      const text = value === undefined ? '' : String(value);
      const isDefault =
        text === '' ||
        (key === 'state' && text === 'all') ||
        (key === 'sort' && text === 'newest') ||
        (key === 'page' && text === '1') ||
        (key === 'size' && text === String(ADMIN_DRAMA_PAGE_SIZES[0]));
      if (isDefault) next.delete(key);
      else next.set(key, text);
    }
    // a new search or filter starts again at the first page
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  // the search box asks the server once typing pauses
  useEffect(() => {
    if (draft.trim() === query.q) return undefined;
    const timer = setTimeout(() => update({ q: draft.trim() }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts it
  }, [draft]);

  const data = dramas.data;
  const list = data?.dramas ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  const time = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const status = (d: AdminDramaSummary) => {
    const className = {
      published: styles.on,
      draft: styles.off,
      scheduled: styles.scheduled,
      archived: styles.archived,
    }[d.state];
    const text =
      d.state === 'scheduled' && d.publishAt
        ? s('state.scheduled_at', { time: time(d.publishAt) })
        : d.state === 'published'
          ? t('catalog.published')
          : d.state === 'archived'
            ? s('state.archived')
            : t('catalog.draft');
    return (
      <span className={`${styles.badge} ${className}`} data-state={d.state}>
        {text}
      </span>
    );
  };
  const titleOf = (d: AdminDramaSummary) => d.title[lang] || d.title.en;
  const filtered =
    query.q !== '' ||
    query.state !== 'all' ||
    query.categoryId !== undefined ||
    query.ageRate !== undefined;

  return (
    <ConsolePage
      title={t('catalog.title')}
      actions={
        <>
          <Link className={ui.button} to="/admin/catalog/categories">
            {t('catalog.categories_link')}
          </Link>
          <Link
            className={`${ui.button} ${ui.primary}`}
            to="/admin/catalog/new"
            data-testid="catalog-new"
          >
            {t('catalog.new')}
          </Link>
        </>
      }
    >
      <form className={styles.filters} role="search" onSubmit={(e) => e.preventDefault()}>
        <Field label={s('list.search')}>
          <input
            className={ui.input}
            type="search"
            name="q"
            data-testid="catalog-search"
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Field>
        <Field label={s('list.state')}>
          <select
            className={ui.input}
            name="state"
            value={query.state}
            onChange={(e) => update({ state: e.target.value })}
          >
            {(['all', ...DRAMA_STATES] as const).map((state) => (
              <option key={state} value={state}>
                {s(`list.state_${state}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={s('list.category')}>
          <select
            className={ui.input}
            name="categoryId"
            value={query.categoryId ?? ''}
            onChange={(e) => update({ categoryId: e.target.value || undefined })}
          >
            <option value="">{s('list.category_all')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name[lang] || c.name.en}
              </option>
            ))}
          </select>
        </Field>
        <Field label={s('list.age')}>
          <select
            className={ui.input}
            name="ageRate"
            value={query.ageRate ?? ''}
            onChange={(e) => update({ ageRate: e.target.value || undefined })}
          >
            <option value="">{s('list.age_all')}</option>
            {AGE_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate === 'all' ? t('drama.age_all') : t('drama.age_n', { n: rate })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={s('list.sort')}>
          <select
            className={ui.input}
            name="sort"
            value={query.sort}
            onChange={(e) => update({ sort: e.target.value })}
          >
            {DRAMA_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {s(`list.sort_${sort}`)}
              </option>
            ))}
          </select>
        </Field>
      </form>

      {dramas.isError && <Banner kind="error">{dramas.error.message}</Banner>}
      {dramas.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {data && (
        <div className={styles.pager}>
          <span className={ui.muted} role="status" data-testid="catalog-count">
            {s('list.count', { total: data.total.toLocaleString(lang) })}
          </span>
          {filtered && (
            <Button
              onClick={() => {
                setDraft('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {s('list.clear')}
            </Button>
          )}
        </div>
      )}
      {data && list.length === 0 && (
        <p className={ui.muted}>{filtered ? s('list.none_found') : t('catalog.empty')}</p>
      )}
      {list.length > 0 && (
        <>
          <div className={`${ui.tableWrap} ${styles.tableOnly}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('catalog.col_title')}</th>
                  <th>{t('catalog.col_status')}</th>
                  <th>{t('catalog.col_episodes')}</th>
                  <th>{s('list.col_views')}</th>
                  <th>{t('catalog.col_released')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((d) => (
                  <tr key={d.id} data-testid="catalog-row" data-drama-id={d.id}>
                    <td>
                      <div className={styles.titleCell}>
                        {d.posterVertical ? (
                          <img className={styles.thumb} src={d.posterVertical} alt="" />
                        ) : (
                          <span className={styles.thumb} />
                        )}
                        <Link to={`/admin/catalog/${d.id}`}>{titleOf(d)}</Link>
                        {d.exclusive && (
                          <span className={`${styles.badge} ${styles.off}`}>
                            {t('catalog.exclusive')}
                          </span>
                        )}
                      </div>
                    </td>
                    <td>{status(d)}</td>
                    <td>
                      {d.episodeCount} ({d.videoCount})
                    </td>
                    <td>{d.viewCount.toLocaleString(lang)}</td>
                    <td>{new Date(d.registeredAt).toLocaleDateString(lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.cards}>
            {list.map((d) => (
              <Link
                key={d.id}
                className={styles.card}
                to={`/admin/catalog/${d.id}`}
                data-testid="catalog-card"
                data-drama-id={d.id}
              >
                {d.posterVertical ? (
                  <img className={styles.thumb} src={d.posterVertical} alt="" />
                ) : (
                  <span className={styles.thumb} />
                )}
                <div>
                  <strong>{titleOf(d)}</strong>
                  <span>{status(d)}</span>
                  <span className={ui.muted}>
                    {t('catalog.col_episodes')}: {d.episodeCount} ({d.videoCount})
                  </span>
                </div>
              </Link>
            ))}
          </div>
        </>
      )}
      {data && data.total > 0 && (
        <nav className={styles.pager} aria-label={s('list.page', { page: query.page, pages })}>
          <div className={styles.pagerButtons}>
            <Button
              disabled={query.page <= 1}
              onClick={() => update({ page: query.page - 1 })}
              data-testid="catalog-prev"
            >
              {s('list.prev')}
            </Button>
            <span>{s('list.page', { page: query.page, pages })}</span>
            <Button
              disabled={query.page >= pages}
              onClick={() => update({ page: query.page + 1 })}
              data-testid="catalog-next"
            >
              {s('list.next')}
            </Button>
          </div>
          <Field label={s('list.size')}>
            <select
              className={ui.input}
              name="size"
              value={String(query.size)}
              onChange={(e) => update({ size: e.target.value })}
            >
              {ADMIN_DRAMA_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </Field>
        </nav>
      )}
    </ConsolePage>
  );
}
