import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  API_BASE,
  adminPaths,
  type AuditEntry,
  type AuditListData,
  type OperatorListData,
} from '@snapdrama/contract';
import { adminPath, consoleApi } from '../../shared/console/console-api';
import { useConsoleLanguage, useConsoleText } from '../../shared/console/console-i18n';
import { commonMessages } from '../../shared/console/console-common-messages';
import { Banner, Button, ConsolePage, Field, ui } from '../../shared/console/console-ui';
import { Change, CodeSelect, Label } from './audit-change';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_LABELS,
  AUDIT_FAMILIES,
  AUDIT_TARGET_TYPES,
} from './audit-labels';
import { auditMessages } from './audit-messages';
import styles from './audit-page.module.css';

const FILTERS = ['actor', 'family', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** An action filter's value: a family (prefix) or one action. */
const actionChoice = (filter: Record<string, string>) =>
  filter.family ? `f:${filter.family}` : filter.action ? `a:${filter.action}` : '';

/** The user agent as a reader knows it: browser and system, the whole string on hover. */
function shortAgent(agent: string): string {
  const browser = /(Edg|OPR|Chrome|Firefox|Version\/[\d.]+ Safari|curl|node)[/ ]?([\d.]*)/.exec(
    agent,
  );
  const system = /(Windows|Android|iPhone|iPad|Mac OS X|Linux)/.exec(agent);
  const name = browser
    ? `${browser[1]?.replace(/^Version\/[\d.]+ /, '')} ${browser[2]?.split('.')[0] ?? ''}`.trim()
    : '';
  return [name, system?.[1]].filter(Boolean).join(' · ') || agent.slice(0, 40);
}

/**
 * Admins browse the append-only audit log (decisions 1201, 1570): by actor, action family or
 * action, target and service days; the filters live in the address (Back works) and the same
 * filter downloads as CSV.
 */
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
  const [problem, setProblem] = useState<string | null>(null);
  const query = new URLSearchParams({ ...filter, lang });

  const operators = useQuery({
    queryKey: ['console', 'operators'],
    queryFn: () => consoleApi.get<OperatorListData>(adminPath(adminPaths.operators())),
  });
  const entries = useInfiniteQuery({
    queryKey: ['console', 'audit', filter, lang],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(query);
      if (pageParam) page.set('before', String(pageParam));
      return consoleApi.get<AuditListData>(`${adminPath(adminPaths.audit())}?${page}`);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setProblem(t('audit.range_order'));
      return;
    }
    setProblem(null);
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name].trim());
    setParams(next);
  };
  const setAction = (choice: string) => {
    const { family: _f, action: _a, ...rest } = draft;
    if (choice.startsWith('f:')) setDraft({ ...rest, family: choice.slice(2) });
    else if (choice.startsWith('a:')) setDraft({ ...rest, action: choice.slice(2) });
    else setDraft(rest);
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'medium' });
  const who = (e: AuditEntry) =>
    e.operatorEmail ?? (e.actor === 'operator' ? e.operatorId : AUDIT_ACTOR_LABELS[e.actor][lang]);
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  const families = Object.keys(AUDIT_FAMILIES);
  const actionsOf = (family: string) =>
    Object.keys(AUDIT_ACTIONS).filter((a) => a.startsWith(family) && family !== 'operator.sign_');

  const target = (e: AuditEntry) => (
    <>
      <Label labels={AUDIT_TARGET_TYPES} code={e.targetType} />{' '}
      {e.targetName ? (
        <>
          <strong translate="no" data-testid="audit-target-name">
            {e.targetName}
          </strong>{' '}
          {e.targetName !== e.targetId && (
            <span className={`${ui.muted} ${styles.id}`} translate="no">
              {e.targetId}
            </span>
          )}
        </>
      ) : (
        <span translate="no">{e.targetId}</span>
      )}
    </>
  );
  const origin = (e: AuditEntry) =>
    e.ip || e.userAgent ? (
      <span className={`${ui.muted} ${styles.origin}`}>
        {e.ip && <span translate="no">{e.ip}</span>}
        {e.userAgent && (
          <span translate="no" title={e.userAgent}>
            {shortAgent(e.userAgent)}
          </span>
        )}
      </span>
    ) : null;

  return (
    <ConsolePage
      title={t('audit.title')}
      actions={
        <a
          className={ui.button}
          href={`${API_BASE}${adminPaths.auditExport()}?${query}`}
          download
          data-testid="audit-export"
        >
          {t('audit.export')}
        </a>
      }
    >
      <p className={ui.muted} style={{ margin: 0 }}>
        {t('audit.intro')}
      </p>
      <form className={styles.filters} onSubmit={apply} noValidate>
        <Field label={t('audit.filter_actor')}>
          <select
            className={ui.input}
            name="actor"
            value={draft.actor ?? ''}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          >
            <option value="">{t('audit.all')}</option>
            <optgroup label={t('audit.operators')}>
              {(operators.data?.operators ?? []).map((o) => (
                <option key={o.operatorId} value={o.operatorId}>
                  {o.email}
                </option>
              ))}
              {draft.actor &&
                /^[0-9a-f-]{36}$/.test(draft.actor) &&
                !operators.data?.operators.some((o) => o.operatorId === draft.actor) && (
                  <option value={draft.actor}>{draft.actor}</option>
                )}
            </optgroup>
            <optgroup label={t('audit.other_actors')}>
              {(Object.keys(AUDIT_ACTOR_LABELS) as (keyof typeof AUDIT_ACTOR_LABELS)[]).map(
                (kind) => (
                  <option key={kind} value={kind}>
                    {AUDIT_ACTOR_LABELS[kind][lang]}
                  </option>
                ),
              )}
            </optgroup>
          </select>
        </Field>
        <Field label={t('audit.filter_action')}>
          <select
            className={ui.input}
            name="action"
            value={actionChoice(draft)}
            onChange={(e) => setAction(e.target.value)}
          >
            <option value="">{t('audit.all')}</option>
            {draft.family && !families.includes(draft.family) && (
              <option value={`f:${draft.family}`}>{draft.family}*</option>
            )}
            {draft.action && !(draft.action in AUDIT_ACTIONS) && (
              <option value={`a:${draft.action}`}>{draft.action}</option>
            )}
            {families.map((family) => (
              <optgroup key={family} label={AUDIT_FAMILIES[family]?.[lang] ?? family}>
                <option value={`f:${family}`}>
                  {t('audit.family_all', { family: AUDIT_FAMILIES[family]?.[lang] ?? family })}
                </option>
                {actionsOf(family).map((action) => (
                  <option key={action} value={`a:${action}`}>
                    {AUDIT_ACTIONS[action]?.[lang] ?? action}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field label={t('audit.filter_target_type')}>
          <CodeSelect
            name="targetType"
            labels={AUDIT_TARGET_TYPES}
            value={draft.targetType ?? ''}
            allLabel={t('audit.all')}
            onChange={(targetType) => setDraft({ ...draft, targetType })}
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
        <Field label={t('audit.filter_from')}>
          <input
            className={ui.input}
            type="date"
            name="from"
            value={draft.from ?? ''}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('audit.filter_to')}>
          <input
            className={ui.input}
            type="date"
            name="to"
            value={draft.to ?? ''}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <div className={styles.buttons}>
          <Button type="submit" variant="primary">
            {t('audit.apply')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setProblem(null);
              setParams(new URLSearchParams());
            }}
          >
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      {problem && <Banner kind="error">{problem}</Banner>}
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
                  <tr key={e.id} data-testid="audit-row" data-action={e.action}>
                    <td className={styles.nowrap}>{when(e.at)}</td>
                    <td>
                      <span className={styles.who}>{who(e)}</span>
                      {origin(e)}
                    </td>
                    <td className={styles.nowrap}>
                      <Label labels={AUDIT_ACTIONS} code={e.action} />
                    </td>
                    <td>{target(e)}</td>
                    <td>
                      <Change before={e.before} after={e.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.entries}>
            {rows.map((e) => (
              <article
                key={e.id}
                className={styles.entry}
                data-testid="audit-card"
                data-action={e.action}
              >
                <strong>
                  <Label labels={AUDIT_ACTIONS} code={e.action} />
                </strong>
                <span className={ui.muted}>
                  {when(e.at)} · {who(e)}
                </span>
                {origin(e)}
                <span>{target(e)}</span>
                <div>
                  <Change before={e.before} after={e.after} />
                </div>
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
