import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { adminPaths, type AuditEntry, type AuditListData } from '@snapdrama/contract';
import { adminPath, consoleApi } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { auditMessages } from './audit-messages';
import styles from './audit-page.module.css';

const FILTERS = ['action', 'targetType', 'targetId'] as const;

function Json(props: { value: unknown }) {
  if (props.value === null || props.value === undefined)
    return <span className={styles.arrow}>—</span>;
  return <pre className={styles.json}>{JSON.stringify(props.value, null, 1)}</pre>;
}

/** Admins browse the append-only audit log; the filters live in the address (Back works). */
export function AuditPage() {
  const t = useConsoleText(auditMessages);
  const common = useConsoleText(commonMessages);
  const lang = useConsoleLanguage();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  const [draft, setDraft] = useState<Record<string, string>>(filter);

  const entries = useInfiniteQuery({
    queryKey: ['console', 'audit', filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams(filter);
      if (pageParam) query.set('before', String(pageParam));
      return consoleApi.get<AuditListData>(`${adminPath(adminPaths.audit())}?${query}`);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name].trim());
    setParams(next);
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'medium' });
  const who = (e: AuditEntry) => e.operatorEmail ?? t('audit.system');
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <ConsolePage title={t('audit.title')}>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('audit.intro')}
      </p>
      <form className={styles.filters} onSubmit={apply}>
        <Field label={t('audit.filter_action')}>
          <input
            className={ui.input}
            name="action"
            placeholder="drama.update"
            value={draft.action ?? ''}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          />
        </Field>
        <Field label={t('audit.filter_target_type')}>
          <input
            className={ui.input}
            name="targetType"
            placeholder="drama"
            value={draft.targetType ?? ''}
            onChange={(e) => setDraft({ ...draft, targetType: e.target.value })}
          />
        </Field>
        <Field label={t('audit.filter_target_id')}>
          <input
            className={ui.input}
            name="targetId"
            value={draft.targetId ?? ''}
            onChange={(e) => setDraft({ ...draft, targetId: e.target.value })}
          />
        </Field>
        <div className={styles.buttons}>
          <Button type="submit" variant="primary">
            {t('audit.apply')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setParams(new URLSearchParams());
            }}
          >
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      {entries.isError && <Banner kind="error">{entries.error.message}</Banner>}
      {entries.isPending && <p className={ui.muted}>{common('common.loading')}</p>}
      {entries.isSuccess && rows.length === 0 && <p className={ui.muted}>{t('audit.empty')}</p>}
      {rows.length > 0 && (
        <>
          <div className={`${ui.tableWrap} ${styles.table}`}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('audit.col_at')}</th>
                  <th>{t('audit.col_who')}</th>
                  <th>{t('audit.col_action')}</th>
                  <th>{t('audit.col_target')}</th>
                  <th>{t('audit.col_change')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id} data-testid="audit-row">
                    <td className={styles.nowrap}>{when(e.at)}</td>
                    <td>{who(e)}</td>
                    <td className={styles.nowrap}>{e.action}</td>
                    <td className={styles.nowrap}>
                      {e.targetType} {e.targetId}
                    </td>
                    <td>
                      <Json value={e.before} />
                      <span className={styles.arrow}>→</span>
                      <Json value={e.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.entries}>
            {rows.map((e) => (
              <article key={e.id} className={styles.entry}>
                <strong>{e.action}</strong>
                <span className={ui.muted}>
                  {when(e.at)} · {who(e)}
                </span>
                <span>
                  {e.targetType} {e.targetId}
                </span>
                <Json value={e.before} />
                <span className={styles.arrow}>→</span>
                <Json value={e.after} />
              </article>
            ))}
          </div>
        </>
      )}
      {entries.hasNextPage && (
        <div>
          <Button
            onClick={() => void entries.fetchNextPage()}
            disabled={entries.isFetchingNextPage}
          >
            {common('common.more')}
          </Button>
        </div>
      )}
    </ConsolePage>
  );
}
