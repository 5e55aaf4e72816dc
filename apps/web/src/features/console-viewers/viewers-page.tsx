import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ViewerSummary } from '@snapdrama/contract';
import { consoleApi } from '../../shared/console/console-api';
import { commonMessages } from '../../shared/console/console-common-messages';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { Banner, Button, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { useViewerName } from '../../shared/console/viewer-name';
import { viewersMessages } from './viewers-messages';
import styles from './viewers.module.css';

/** Find a viewer by id, nickname, email, provider id or sign-in method (the query is in the address). */
export function ViewersPage() {
  const t = useConsoleText(viewersMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const names = useViewerName();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const results = useQuery({
    queryKey: ['console', 'viewers', q],
    queryFn: () =>
      consoleApi.get<{ viewers: ViewerSummary[] }>(`/viewers?q=${encodeURIComponent(q)}`),
    enabled: q !== '',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) setParams({ q: draft.trim() });
  };

  return (
    <ConsolePage title={t('viewers.title')}>
      <form className={styles.search} onSubmit={submit}>
        <Field label={t('viewers.search')} hint={t('viewers.search_hint')}>
          <input
            className={ui.input}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="viewer-search"
          />
        </Field>
        <Button type="submit" variant="primary" data-testid="viewer-search-submit">
          {t('viewers.find')}
        </Button>
      </form>
      {results.isError && <Banner kind="error">{results.error.message}</Banner>}
      {results.isFetching && <p className={ui.muted}>{common('common.loading')}</p>}
      {results.isSuccess && results.data.viewers.length === 0 && (
        <p className={ui.muted}>{t('viewers.none')}</p>
      )}
      {results.isSuccess && results.data.viewers.length > 0 && (
        <ul className={styles.results}>
          {results.data.viewers.map((v) => (
            <li key={v.userId}>
              <Link
                className={styles.result}
                to={`/admin/viewers/${v.userId}`}
                data-testid="viewer-result"
              >
                <strong>{names.nickname(v)}</strong>
                <span className={ui.muted}>{v.email ?? v.userId}</span>
                <span className={styles.tags}>
                  <span className={styles.tag}>{names.provider(v.authMethod)}</span>
                  {v.withdrawn && <span className={styles.tag}>{t('viewers.withdrawn')}</span>}
                  {v.suspension && (
                    <span className={styles.suspendedTag} data-testid="viewer-result-suspended">
                      {t('viewers.suspended')}
                    </span>
                  )}
                  <span className={ui.muted}>
                    {t('viewers.col_joined')} {new Date(v.createdAt).toLocaleDateString(lang)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}
